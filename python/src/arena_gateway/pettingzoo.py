"""A PettingZoo ``ParallelEnv`` over one gateway match: every Python seat of a PvP, Coop (or Solo) game is an agent.

    from arena_gateway.pettingzoo import ArenaParallelEnv
    env = ArenaParallelEnv("sky_duel", frame=(160, 90), steps=20)          # both fighters driven from Python
    env = ArenaParallelEnv("sky_duel", seats=["python", "scripted"])       # mixed: slot 1 is the built-in policy

Each ``reset`` starts a match (``arena match`` from the checkout) whose ``python`` seats are AgentLink slots of
this environment; any other seat is an agent the gateway runs itself (``"scripted"``, ``"random"``, ``"idle"``,
or a whole agent entry of a match configuration such as ``{"kind": "vlm", "vlm": {...}}``). Agents are named
``player_<slot>``. The clock holds as for one slot: under ``pdq`` a step waits for every Python seat's answer and
the game's next frames; every episode leaves the gateway's usual run record (``infos[agent]["run_dir"]``).
"""
from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from .driver import MatchDriver
from .episode import TRUNCATING, final_benchmark, last_decision_info, match_config, reward, run_dir_of, step_info, where_info
from .errors import ArenaError
from .games import game_entry
from .protocol import Action, EpisodeEnd, Observation
from .service import Service
from .spaces import action_space, to_action

#: A seat this environment drives (any other seat names an agent the gateway runs).
PYTHON = "python"


def agent_name(slot: int) -> str:
    """``player_<slot>``: the PettingZoo agent id of a match slot."""
    return f"player_{slot}"


class ArenaParallelEnv(ParallelEnv[str, np.ndarray, Any]):
    """The Python seats of one gateway match as a PettingZoo ``ParallelEnv`` (observations: each seat's own RGB view)."""

    metadata = {"name": "arena_parallel_v0", "render_modes": ["rgb_array"], "is_parallelizable": True}

    def __init__(
        self,
        game: str = "sky_duel",
        variant: str | None = None,
        *,
        seats: list[str | dict[str, Any]] | None = None,
        clock: str = "pdq",
        latency: str | None = None,
        frame: tuple[int, int] | None = None,
        steps: int | None = None,
        time_limit_s: float | None = None,
        obs_delay_ms: float | None = None,
        action_mode: str = "structured",
        profile: str | None = None,
        gamepad: bool = False,
        endpoint: str | None = None,
        service: Service | None = None,
        service_runs: str | Path | None = None,
        runs_dir: str | Path | None = None,
        name: str = "pettingzoo",
        checkout: Path | None = None,
        render_mode: str | None = None,
        timeout_s: float = 120.0,
    ) -> None:
        entry = game_entry(game)
        if entry is None:
            raise ArenaError("UNKNOWN_GAME", f"{game!r} is no reference game")
        slots = [s["slot"] for s in entry["slots"]]
        seats = list(seats) if seats is not None else [PYTHON] * len(slots)
        if len(seats) != len(slots):
            raise ArenaError("BAD_CONFIG", f"{game} has {len(slots)} seats; seats= names {len(seats)}")
        self.python_slots = [slot for slot, seat in zip(slots, seats) if seat == PYTHON]
        if not self.python_slots:
            raise ArenaError("BAD_CONFIG", "seats= names no 'python' seat for this environment to drive")
        self.game, self.variant, self.action_mode, self.render_mode = game, variant, action_mode, render_mode
        self.name, self.checkout, self.timeout_s = name, checkout, timeout_s
        #: A running ``arena serve`` that plays the matches (warm: a reset costs a game launch), and its runs folder.
        self.service = service
        self.service_runs = Path(service_runs) if service_runs is not None else None
        self.controls = dict(entry["controls"])
        if gamepad and entry.get("gamepadAxes"):
            self.controls["axes"] = list(entry["gamepadAxes"])
        width, height = frame or (entry["frame"]["width"], entry["frame"]["height"])
        self.frame_size = (int(width), int(height))
        self.runs_dir = Path(runs_dir) if runs_dir is not None else Path(tempfile.mkdtemp(prefix="arena-runs-"))
        agents = [self._seat(seat, latency) for seat in seats]
        self.config = match_config(
            game, agents, clock=clock, frame_size=self.frame_size, runs_dir=self.runs_dir, variant=variant, steps=steps,
            time_limit_s=time_limit_s, obs_delay_ms=obs_delay_ms, profile=profile, endpoint=endpoint, gamepad=gamepad,
        )
        self.possible_agents = [agent_name(s) for s in self.python_slots]
        self.agents: list[str] = []
        self._slot = {agent_name(s): s for s in self.python_slots}
        self._driver: MatchDriver | None = None
        self._last: dict[str, Observation] = {}
        self._seed_rng = np.random.default_rng()

    @staticmethod
    def _seat(seat: str | dict[str, Any], latency: str | None) -> dict[str, Any]:
        if seat == PYTHON:
            return {"kind": "remote", **({"latency": latency} if latency else {})}
        if isinstance(seat, str):
            return {"kind": seat}
        if isinstance(seat, dict) and isinstance(seat.get("kind"), str):
            return dict(seat)
        raise ArenaError("BAD_CONFIG", f"a seat is 'python', an agent kind, or an agent entry with a kind; not {seat!r}")

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Each seat's own view of the game, RGB, at the match's frame size."""
        return spaces.Box(0, 255, shape=(self.frame_size[1], self.frame_size[0], 3), dtype=np.uint8)

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's controls as the Gymnasium environment's action space (``structured`` or ``text``)."""
        return action_space(self.controls, self.action_mode)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, dict[str, Any]]]:
        """Ends the match in progress (if any) and starts a new one: the same seed and actions give the same observations."""
        self._close_driver()
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        run_seed = seed if seed is not None else int(self._seed_rng.integers(0, 2**31 - 1))
        config = {**self.config, "seed": run_seed}
        if self.service is not None:
            self._driver = MatchDriver.on_service(self.service, config, name=self.name, frame="rgb", timeout_s=self.timeout_s)
        else:
            self._driver = MatchDriver.start(config, name=self.name, frame="rgb", checkout=self.checkout, timeout_s=self.timeout_s)
        self._last = {}
        for agent, slot in self._slot.items():
            first = self._driver.last[slot]
            if isinstance(first, EpisodeEnd):
                raise ArenaError("BAD_STATE", f"{agent}'s episode ended before its first observation ({first.reason})")
            self._last[agent] = first
        self.agents = list(self.possible_agents)
        where = self._where()
        return {a: self._frame(o) for a, o in self._last.items()}, {a: {**step_info(o), **where} for a, o in self._last.items()}

    def step(self, actions: dict[str, Any]) -> tuple[
        dict[str, np.ndarray], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:
        """Answers every live agent's observation; each one's next observation, reward (its progress gained; the benchmark score gained under the omnigamearena profile), end and info."""
        if self._driver is None:
            raise ArenaError("BAD_STATE", "reset the environment before stepping it")
        if not self.agents:
            raise ArenaError("EPISODE_OVER", "every agent's episode ended; reset first")
        unknown = sorted(set(actions) - set(self.agents))
        missing = sorted(set(self.agents) - set(actions))
        if unknown or missing:
            # Under a paused clock the game waits for every seat: a missing answer would wait for ever.
            raise ArenaError("BAD_INPUT", f"step takes one action for each live agent {self.agents}; unknown {unknown}, missing {missing}")
        answers: dict[int, Action] = {
            self._slot[a]: to_action(self.action_space(a), self.controls, self.action_mode, actions[a]) for a in self.agents
        }
        replies = self._driver.step(answers)
        obs: dict[str, np.ndarray] = {}
        rewards: dict[str, float] = {}
        terminated: dict[str, bool] = {}
        truncated: dict[str, bool] = {}
        infos: dict[str, dict[str, Any]] = {}
        ended: list[str] = []
        for agent in list(self.agents):
            before, reply = self._last[agent], replies[self._slot[agent]]
            if isinstance(reply, Observation):
                self._last[agent] = reply
                obs[agent], rewards[agent] = self._frame(reply), reward(self.config.get("profile"), before, reply.progress, reply.benchmark_score)
                terminated[agent] = truncated[agent] = False
                infos[agent] = step_info(reply, before)
                continue
            if reply.error_code is not None:
                raise ArenaError(reply.error_code, f"{agent}'s match ended with {reply.error_code}")
            ended.append(agent)
            obs[agent] = self._frame(before)
            truncated[agent] = reply.reason in TRUNCATING
            terminated[agent] = not truncated[agent]
            infos[agent] = {**step_info(before), "end_reason": reply.reason, "outcome": reply.outcome, "progress": reply.progress}
        result = self._driver.finish(self.timeout_s) if ended and self._driver.over else None
        for agent in ended:
            before, slot = self._last[agent], self._slot[agent]
            rewards[agent] = reward(self.config.get("profile"), before, replies[slot].progress, final_benchmark(result, slot))
            if result is not None:
                infos[agent].update(last_decision_info(self.run_dir, slot), result=result, **self._where())
        self.agents = [a for a in self.agents if a not in ended]
        return obs, rewards, terminated, truncated, infos

    def render(self) -> np.ndarray | None:
        """The first live agent's newest view (``rgb_array``)."""
        if not self._last:
            return None
        return self._frame(next(iter(self._last.values())))

    def close(self) -> None:
        self._close_driver()

    @property
    def run_dir(self) -> Path | None:
        """The current episode's run folder: the match process's, or on a service ``service_runs``/run id."""
        return run_dir_of(self._driver, self.service_runs)

    def _where(self) -> dict[str, Any]:
        return where_info(self._driver, self.run_dir)

    def _close_driver(self) -> None:
        if self._driver is not None:
            self._driver.close()
            self._driver = None

    @staticmethod
    def _frame(obs: Observation) -> np.ndarray:
        assert obs.frame is not None
        return obs.frame


def parallel_env(game: str = "sky_duel", **kwargs: Any) -> ArenaParallelEnv:
    """PettingZoo's customary constructor name: ``parallel_env("coop_game", frame=(160, 90))``."""
    return ArenaParallelEnv(game, **kwargs)
