"""Episodes driven from Python: deterministic on reference games, the same records (replay --verify), vectorised."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import arena_gateway
import arena_gateway.gym  # noqa: F401
from arena_gateway.service import Service
from conftest import QUICK


def play_fixed(env: gymnasium.Env, seed: int) -> list[np.ndarray]:  # type: ignore[type-arg]
    obs, _ = env.reset(seed=seed)
    frames = [obs]
    for keys in ([1, 0, 0, 0, 0], [0, 1, 0, 0, 1]):
        obs, *_ = env.step({"keys": np.array([keys] * 6, dtype=np.int8), "look": np.array([30.0, 0.0], np.float32)})
        frames.append(obs)
    return frames


def test_the_same_seed_and_actions_give_identical_observations(service: Service) -> None:
    env = gymnasium.make("arena/LastStand-v0", service=service, **QUICK)
    first, second = play_fixed(env, 7), play_fixed(env, 7)
    env.close()
    assert all(np.array_equal(a, b) for a, b in zip(first, second))
    assert not np.array_equal(first[0], first[2])  # the frames show the game moving


def test_a_run_driven_from_python_replays_and_names_its_client(checkout: Path, runs_dir: Path) -> None:
    env = gymnasium.make("arena/LastStand-v0", runs_dir=runs_dir, name="py-replay", **QUICK)
    env.reset(seed=2)
    done, info = False, {}
    while not done:
        _, _, terminated, truncated, info = env.step(env.action_space.sample())
        done = terminated or truncated
    env.close()
    run = json.loads((Path(info["run_dir"]) / "run.json").read_text())
    assert run["agents"][0]["label"] == "py-replay"
    assert run["agents"][0]["joined"]["client"] == {"name": "arena-gateway", "version": arena_gateway.__version__}
    verify = subprocess.run(["node", str(checkout / "bin" / "arena.js"), "replay", info["run_dir"], "--verify", "--json"], cwd=checkout, capture_output=True, text=True)
    assert verify.returncode == 0, verify.stdout + verify.stderr


def test_async_vector_env_plays_each_env_in_its_own_match(service: Service) -> None:
    envs = gymnasium.vector.AsyncVectorEnv([lambda: gymnasium.make("arena/LastStand-v0", service=service, **QUICK)] * 2)
    obs, infos = envs.reset(seed=[3, 4])
    assert obs.shape == (2, 24, 32, 3)
    assert len(set(infos["run_id"])) == 2
    obs, rewards, terminated, truncated, infos = envs.step(envs.action_space.sample())
    assert obs.shape == (2, 24, 32, 3) and rewards.shape == (2,)
    assert list(infos["step"]) == [1, 1]
    envs.close()


def test_under_the_omnigamearena_profile_the_rewards_add_up_to_the_benchmark_score(service: Service) -> None:
    env = gymnasium.make("arena/LastStand-v0", profile="omnigamearena", service=service, **QUICK)
    env.reset(seed=1)
    total, done, info = 0.0, False, {}
    while not done:
        _, reward, terminated, truncated, info = env.step(env.action_space.sample())
        total += float(reward)
        done = terminated or truncated
    env.close()
    assert total > 0
    assert total == pytest.approx(info["result"]["benchmark"]["scores"][0])
