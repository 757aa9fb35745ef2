"""Gymnasium environments over real matches: ``import arena_gateway.gym`` registers ``arena/<Game>[-<Variant>]-v0``.

    import gymnasium, arena_gateway.gym
    env = gymnasium.make("arena/LastStand-v0", clock="lcrt", latency="wall", frame=(160, 90))

Each ``reset`` starts a match (``arena match --agent remote`` from the checkout) whose slot this environment
plays; every other slot is a built-in agent (``opponents``). ``join=(url, token)`` plays a slot of a running
``arena serve`` instead, and ``endpoint=`` plays a game served elsewhere (a GameLink ``ws://`` endpoint or a
RemoteInput ``remote-input://`` build). Every episode leaves the gateway's usual run record (``info["run_dir"]``).
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from .driver import MatchDriver
from .episode import TRUNCATING, final_benchmark, last_decision_info, match_config, reward, run_dir_of, step_info, where_info
from .errors import ArenaError
from .games import env_ids, game_entry
from .protocol import EpisodeEnd, Observation
from .service import Service
from .spaces import action_space, to_action

class ArenaEnv(gymnasium.Env[np.ndarray, Any]):
    """One slot of a gateway match as a Gymnasium environment (observation: the slot's frame, RGB)."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 4}

    def __init__(
        self,
        game: str = "last_stand",
        variant: str | None = None,
        *,
        clock: str = "pdq",
        latency: str | None = None,
        frame: tuple[int, int] | None = None,
        steps: int | None = None,
        time_limit_s: float | None = None,
        obs_delay_ms: float | None = None,
        action_mode: str = "structured",
        opponents: list[str] | None = None,
        slot: int = 0,
        profile: str | None = None,
        gamepad: bool = False,
        endpoint: str | None = None,
        join: tuple[str, str] | None = None,
        service: Service | None = None,
        controls: dict[str, Any] | None = None,
        runs_dir: str | Path | None = None,
        name: str = "gymnasium",
        checkout: Path | None = None,
        render_mode: str | None = None,
        service_runs: str | Path | None = None,
        timeout_s: float = 120.0,
    ) -> None:
        entry = game_entry(game)
        if entry is None and controls is None and join is None:
            raise ArenaError("UNKNOWN_GAME", f"{game!r} is no reference game; a build or endpoint needs its controls=")
        self.game, self.variant, self.clock, self.slot = game, variant, clock, slot
        self.action_mode = action_mode
        self.render_mode = render_mode
        self.name, self.checkout, self.timeout_s, self.join, self.service = name, checkout, timeout_s, join, service
        self.runs_dir = Path(runs_dir) if runs_dir is not None else Path(tempfile.mkdtemp(prefix="arena-runs-"))
        self.controls = dict(controls or entry["controls"])  # type: ignore[index]
        if gamepad and entry and entry.get("gamepadAxes"):
            self.controls["axes"] = list(entry["gamepadAxes"])
        width, height = frame or ((entry["frame"]["width"], entry["frame"]["height"]) if entry else (640, 360))
        self.frame_size = (int(width), int(height))
        self.observation_space = spaces.Box(0, 255, shape=(self.frame_size[1], self.frame_size[0], 3), dtype=np.uint8)
        self.action_space = action_space(self.controls, action_mode)
        slots = entry["slots"] if entry else [{"slot": slot}]
        if not any(s["slot"] == slot for s in slots):
            raise ArenaError("BAD_SLOT", f"{game} has no slot {slot}")
        others = iter(opponents or [])
        agents: list[dict[str, Any]] = []
        for s in slots:
            if s["slot"] == slot:
                agents.append({"kind": "remote", **({"latency": latency} if latency else {})})
            else:
                agents.append({"kind": next(others, "scripted")})
        self.config = match_config(
            game, agents, clock=clock, frame_size=self.frame_size, runs_dir=self.runs_dir, variant=variant, steps=steps,
            time_limit_s=time_limit_s, obs_delay_ms=obs_delay_ms, profile=profile, endpoint=endpoint, gamepad=gamepad,
        )
        #: The runs folder of ``service`` (its ``--runs``), when this process can read it.
        self.service_runs = Path(service_runs) if service_runs is not None else None
        self._driver: MatchDriver | None = None
        self._last: Observation | None = None
        self._ended: EpisodeEnd | None = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Ends the match in progress (if any) and starts a new one: the same seed and actions give the same observations."""
        super().reset(seed=seed)
        self._close_driver()
        if self.join is not None:
            self._driver = MatchDriver.join_slot(self.join[0], self.join[1], slot=self.slot, name=self.name, frame="rgb", timeout_s=self.timeout_s)
            self.join = None  # a joined slot plays one episode
        else:
            run_seed = seed if seed is not None else int(self.np_random.integers(0, 2**31 - 1))
            config = {**self.config, "seed": run_seed}
            if self.service is not None:
                self._driver = MatchDriver.on_service(self.service, config, name=self.name, frame="rgb", timeout_s=self.timeout_s)
            else:
                self._driver = MatchDriver.start(config, name=self.name, frame="rgb", checkout=self.checkout, timeout_s=self.timeout_s)
        first = self._driver.last[self.slot]
        if isinstance(first, EpisodeEnd):
            raise ArenaError("BAD_STATE", f"the episode ended before its first observation ({first.reason})")
        self._last, self._ended = first, None
        return self._frame(first), {**self._info(first), **self._where()}

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._driver is None or self._last is None:
            raise ArenaError("BAD_STATE", "reset the environment before stepping it")
        if self._ended is not None:
            raise ArenaError("EPISODE_OVER", f"the episode ended ({self._ended.reason}); reset first")
        answer = to_action(self.action_space, self.controls, self.action_mode, action)
        before = self._last
        reply = self._driver.step({self.slot: answer})[self.slot]
        if isinstance(reply, Observation):
            self._last = reply
            return self._frame(reply), self._reward(before, reply.progress, reply.benchmark_score), False, False, self._info(reply, before)
        self._ended = reply
        result = self._driver.finish(self.timeout_s)
        if reply.error_code is not None:
            raise ArenaError(reply.error_code, f"the match ended with {reply.error_code}")
        info = self._info(before, None)
        info.update(self._final(result))
        info.update(end_reason=reply.reason, outcome=reply.outcome, progress=reply.progress)
        truncated = reply.reason in TRUNCATING
        return self._frame(before), self._reward(before, reply.progress, self._final_benchmark(result)), not truncated, truncated, info

    def _reward(self, before: Observation, progress: float, benchmark: float | None) -> float:
        return reward(self.config.get("profile"), before, progress, benchmark)

    def _final_benchmark(self, result: dict[str, Any] | None) -> float | None:
        return final_benchmark(result, self.slot)

    def render(self) -> np.ndarray | None:
        return None if self._last is None else self._frame(self._last)

    def close(self) -> None:
        self._close_driver()

    @property
    def run_dir(self) -> Path | None:
        """The episode's run folder: the match process's, or on a service ``service_runs``/run id."""
        return run_dir_of(self._driver, self.service_runs)

    def _close_driver(self) -> None:
        if self._driver is not None:
            self._driver.close()
            self._driver = None

    def _frame(self, obs: Observation) -> np.ndarray:
        assert obs.frame is not None
        return obs.frame

    def _info(self, obs: Observation, before: Observation | None = None) -> dict[str, Any]:
        return step_info(obs, before)

    def _where(self) -> dict[str, Any]:
        """Where the episode's record is (in reset's and the last step's info: a step's info is the same for the same seed and actions)."""
        return where_info(self._driver, self.run_dir)

    def _final(self, result: dict[str, Any] | None) -> dict[str, Any]:
        """What the finished record says of the last decision (its observation never came) and of the match."""
        return {"result": result, **self._where(), **last_decision_info(self.run_dir, self.slot)}

def make_endpoint_env(endpoint: str, game: str, *, controls: dict[str, Any] | None = None, **kwargs: Any) -> ArenaEnv:
    """An environment over a game served elsewhere: a GameLink ``ws://HOST:PORT`` endpoint or a RemoteInput
    ``remote-input://HOST:PORT`` build of ``game`` (a reference game's id, or any id with its ``controls``)."""
    return ArenaEnv(game=game, endpoint=endpoint, controls=controls, **kwargs)


def register_envs() -> list[str]:
    """Registers every reference game and variant (idempotent); the ids registered."""
    ids = env_ids()
    for env_id, (game, variant) in ids.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="arena_gateway.gym:ArenaEnv", kwargs={"game": game, "variant": variant})
    return list(ids)


ENV_IDS = register_envs()
