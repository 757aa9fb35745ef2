"""An RL loop over two matches at once: an epsilon-greedy bandit learns which held key makes the most progress."""
import gymnasium
import numpy as np

import arena_gateway.gym  # noqa: F401

N = 2
envs = gymnasium.vector.AsyncVectorEnv([lambda: gymnasium.make("arena/LastStand-v0", frame=(80, 45), steps=6)] * N)
steps, controls = envs.single_action_space["keys"].shape
value, count = np.zeros(controls), np.zeros(controls)
rng = np.random.default_rng(0)
obs, info = envs.reset(seed=[1, 2])
for t in range(6):
    arms = [int(rng.integers(controls)) if rng.random() < 0.3 else int(value.argmax()) for _ in range(N)]
    held = np.zeros((N, steps, controls), np.int8)
    held[np.arange(N), :, arms] = 1
    obs, reward, terminated, truncated, info = envs.step({"keys": held, "look": np.zeros((N, 2), np.float32)})
    for arm, r in zip(arms, reward):
        count[arm] += 1
        value[arm] += (r - value[arm]) / count[arm]
print("mean progress per step by held key:", dict(zip(["W", "A", "S", "D", "Space"], value.round(4).tolist())))
envs.close()
