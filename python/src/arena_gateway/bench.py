"""Environment steps per second with a no-op policy: ``python -m arena_gateway.bench --envs 4 --steps 60``.

The default game is one where doing nothing never ends an episode early (a vector environment would reset it
inside the timed steps). One JSON line on stdout: ``{"envs": N, "steps": S, "stepsPerSecond": ...}``, counted over the steps after every
environment's reset (a reset starts a match: game launch and join are not steps). ``npm run bench``'s ``python``
section runs this beside the gateway's own in-process decision loop at the same frame size, in the same run.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import gymnasium
import numpy as np

from . import gym as _registered  # noqa: F401  (registers arena/* ids)


def no_op(space: gymnasium.spaces.Dict) -> dict[str, Any]:
    """The structured action that holds nothing and does not look."""
    return {k: np.zeros(s.shape, dtype=s.dtype) for k, s in space.spaces.items()}


def steps_per_second(envs: int, steps: int, env_id: str, frame: tuple[int, int], seed: int) -> float:
    """Steps of ``envs`` environments together (an ``AsyncVectorEnv`` when more than one) per wall second."""
    make = lambda: gymnasium.make(env_id, frame=frame, steps=steps + 1)  # noqa: E731
    if envs == 1:
        env = make()
        try:
            env.reset(seed=seed)
            action = no_op(env.action_space)  # type: ignore[arg-type]
            t0 = time.perf_counter()
            for _ in range(steps):
                _, _, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    raise SystemExit(f"{env_id}'s episode ended within {steps} no-op steps: bench a game where doing nothing goes on")
            return steps / (time.perf_counter() - t0)
        finally:
            env.close()
    vec = gymnasium.vector.AsyncVectorEnv([make] * envs)
    try:
        vec.reset(seed=[seed + i for i in range(envs)])
        single = no_op(vec.single_action_space)  # type: ignore[arg-type]
        batch = {k: np.stack([v] * envs) for k, v in single.items()}
        t0 = time.perf_counter()
        for _ in range(steps):
            vec.step(batch)
        return envs * steps / (time.perf_counter() - t0)
    finally:
        vec.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m arena_gateway.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=1, help="environments stepped together (default 1)")
    parser.add_argument("--steps", type=int, default=60, help="steps each, after its reset (default 60)")
    parser.add_argument("--env-id", default="arena/ObstacleRun2d-v0", help="the environment (default arena/ObstacleRun2d-v0)")
    parser.add_argument("--frame", default="160x90", help="frame size WxH (default 160x90)")
    parser.add_argument("--seed", type=int, default=1, help="the first environment's seed (default 1)")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.frame.lower().split("x"))
    rate = steps_per_second(args.envs, args.steps, args.env_id, (width, height), args.seed)
    print(json.dumps({"envs": args.envs, "steps": args.steps, "stepsPerSecond": rate}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
