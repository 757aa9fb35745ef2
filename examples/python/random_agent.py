"""A random agent on Last Stand through Gymnasium: each reset is a real match, each episode a run record."""
import gymnasium

import arena_gateway.gym  # noqa: F401  (registers the arena/... ids)

env = gymnasium.make("arena/LastStand-v0", clock="lcrt", frame=(160, 90), steps=10)
obs, info = env.reset(seed=1)
done = False
while not done:
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
    done = terminated or truncated
print(f"progress {info['progress']:.3f}, ended by {info['end_reason']}, charged {info['charged_ms']:.0f} ms")
print(f"record: {info['run_dir']}")
env.close()
