"""PettingZoo: the parallel API test on every PvP and Coop game, mixed seats, determinism, records, bad input."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from arena_gateway.errors import ArenaError
from arena_gateway.games import reference_games
from arena_gateway.pettingzoo import ArenaParallelEnv, parallel_env
from arena_gateway.service import Service

from conftest import QUICK

MULTI = [g["id"] for g in reference_games() if g["regime"] in ("pvp", "coop")]


def idle(env: ArenaParallelEnv) -> dict[str, object]:
    """An action holding nothing for every live agent (the same every time: the determinism test's policy)."""
    out: dict[str, object] = {}
    for agent in env.agents:
        space = env.action_space(agent)
        out[agent] = {k: np.zeros(s.shape, dtype=s.dtype) for k, s in space.spaces.items()}  # type: ignore[attr-defined]
    return out


def test_the_multi_player_games_are_the_five_pvp_and_coop_games() -> None:
    assert sorted(MULTI) == ["crystal_guard", "handoff_run", "midline_clash", "shared_floor", "sky_duel"]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game", MULTI)
def test_parallel_api_test_passes(game: str, service: Service) -> None:
    env = parallel_env(game, service=service, **QUICK)
    try:
        parallel_api_test(env, num_cycles=10)
    finally:
        env.close()


def test_every_seat_is_an_agent_named_by_its_slot(service: Service) -> None:
    env = ArenaParallelEnv("sky_duel", service=service, **QUICK)
    try:
        obs, infos = env.reset(seed=1)
        assert env.possible_agents == ["player_0", "player_1"] and env.agents == ["player_0", "player_1"]
        assert {a: o.shape for a, o in obs.items()} == {"player_0": (24, 32, 3), "player_1": (24, 32, 3)}
        assert infos["player_0"]["run_id"] == infos["player_1"]["run_id"]
    finally:
        env.close()


def test_an_episode_ends_every_agent_and_step_after_it_raises_episode_over(service: Service) -> None:
    env = ArenaParallelEnv("shared_floor", service=service, **QUICK)
    try:
        env.reset(seed=2)
        steps = 0
        while env.agents:
            _, rewards, terminated, truncated, infos = env.step(idle(env))
            steps += 1
        assert steps == QUICK["steps"]
        assert truncated == {"player_0": True, "player_1": True} and terminated == {"player_0": False, "player_1": False}
        assert infos["player_0"]["end_reason"] == "step_budget"
        with pytest.raises(ArenaError) as err:
            env.step({})
        assert err.value.code == "EPISODE_OVER"
    finally:
        env.close()


def test_a_mixed_match_drives_only_the_python_seat_beside_a_built_in_agent(checkout: Path, runs_dir: Path) -> None:
    env = ArenaParallelEnv("sky_duel", seats=["scripted", "python"], runs_dir=runs_dir, name="pz-mixed", **QUICK)
    try:
        env.reset(seed=4)
        assert env.agents == ["player_1"]
        while env.agents:
            env.step(idle(env))
        run_dir = env.run_dir
        assert run_dir is not None
    finally:
        env.close()
    run = json.loads((run_dir / "run.json").read_text())
    kinds = [a["kind"] for a in run["agents"]]
    assert kinds == ["scripted", "remote"]
    assert run["agents"][1]["label"] == "pz-mixed"


def test_the_same_seed_and_actions_give_identical_observations(service: Service) -> None:
    def episode() -> list[bytes]:
        env = ArenaParallelEnv("midline_clash", service=service, **QUICK)
        try:
            obs, _ = env.reset(seed=11)
            frames = [obs[a].tobytes() for a in sorted(obs)]
            while env.agents:
                obs, *_ = env.step(idle(env))
                frames += [obs[a].tobytes() for a in sorted(obs)]
            return frames
        finally:
            env.close()

    first, second = episode(), episode()
    assert len(first) == 2 * (QUICK["steps"] + 1)
    assert first == second


def test_a_pvp_run_driven_from_python_replays(checkout: Path, runs_dir: Path) -> None:
    env = ArenaParallelEnv("sky_duel", runs_dir=runs_dir, **QUICK)
    try:
        env.reset(seed=5)
        while env.agents:
            env.step(idle(env))
        run_dir = env.run_dir
    finally:
        env.close()
    assert run_dir is not None
    verify = subprocess.run(["node", str(checkout / "bin" / "arena.js"), "replay", str(run_dir), "--verify"], cwd=checkout, capture_output=True, text=True)
    assert verify.returncode == 0, verify.stdout + verify.stderr


def test_a_step_missing_a_live_agent_is_bad_input_not_a_hang(service: Service) -> None:
    env = ArenaParallelEnv("sky_duel", service=service, **QUICK)
    try:
        env.reset(seed=6)
        actions = idle(env)
        del actions["player_1"]
        with pytest.raises(ArenaError) as err:
            env.step(actions)
        assert err.value.code == "BAD_INPUT"
    finally:
        env.close()


def test_an_action_outside_the_space_is_bad_input(service: Service) -> None:
    env = ArenaParallelEnv("sky_duel", service=service, **QUICK)
    try:
        env.reset(seed=7)
        actions = idle(env)
        actions["player_0"] = {"keys": np.full((99, 1), 3, dtype=np.int8)}
        with pytest.raises(ArenaError) as err:
            env.step(actions)
        assert err.value.code == "BAD_INPUT"
    finally:
        env.close()


@pytest.mark.parametrize("seats", [["python"], ["scripted", "scripted"], ["python", 7]])
def test_seats_that_do_not_fit_the_game_are_bad_config(seats: list[object]) -> None:
    with pytest.raises(ArenaError) as err:
        ArenaParallelEnv("sky_duel", seats=seats)  # type: ignore[arg-type]
    assert err.value.code == "BAD_CONFIG"


def test_a_game_that_is_not_a_reference_game_is_unknown_game() -> None:
    with pytest.raises(ArenaError) as err:
        ArenaParallelEnv("no_such_game")
    assert err.value.code == "UNKNOWN_GAME"
