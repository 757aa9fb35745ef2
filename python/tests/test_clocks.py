"""The clocks hold from Python: pdq waits for the game, lcrt charges the wall time (or a declared latency), realtime skips frames."""
from __future__ import annotations

import json
import time
from pathlib import Path

import gymnasium

import arena_gateway.gym  # noqa: F401
from arena_gateway.agents import Agent, play_match
from arena_gateway.protocol import Action, Chunk, Timings
from arena_gateway.service import Service
from conftest import QUICK

SLEEP_S = 0.4


def ledger_charges(run_dir: Path) -> list[float]:
    lines = [json.loads(line) for line in (run_dir / "ledger.jsonl").read_text().splitlines() if line.strip()]
    return [e["chargedMs"] for e in lines if e.get("kind") == "placement"]


def test_lcrt_charges_the_time_python_slept_and_the_ledger_agrees(service: Service, serve: object) -> None:
    env = gymnasium.make("arena/LastStand-v0", clock="lcrt", latency="wall", service=service, service_runs=serve.runs, **QUICK)  # type: ignore[attr-defined]
    env.reset(seed=1)
    time.sleep(SLEEP_S)
    _, _, _, _, info = env.step(env.action_space.sample())
    assert info["charged_ms"] >= SLEEP_S * 1000
    env.step(env.action_space.sample())
    _, _, _, truncated, final = env.step(env.action_space.sample())
    assert truncated
    assert ledger_charges(Path(final["run_dir"]))[0] == info["charged_ms"]
    env.close()


def test_lcrt_charges_a_declared_synthetic_latency_whatever_python_took(service: Service) -> None:
    env = gymnasium.make("arena/LastStand-v0", clock="lcrt", latency="synthetic:250", service=service, **QUICK)
    env.reset(seed=1)
    time.sleep(SLEEP_S)
    _, _, _, _, info = env.step(env.action_space.sample())
    assert info["charged_ms"] == 250
    env.close()


def test_lcrt_with_the_provider_source_charges_the_timings_the_agent_reports(runs_dir: Path) -> None:
    class Reporting(Agent):
        name = "reporting"

        def act(self, obs):  # type: ignore[no-untyped-def]
            time.sleep(SLEEP_S)  # Python's own time around the call is not the provider's
            return Action(chunk=Chunk(steps=[["W"]]), timings=Timings(provider_ms=120))

    _, result = play_match(Reporting(), {"game": "last_stand", "clock": "lcrt", "agents": [{"kind": "remote", "latency": "provider"}], "stepBudget": 2, "observationDelayMs": 100, "frame": {"width": 32, "height": 24}, "runsDir": str(runs_dir)})
    assert result is not None
    assert ledger_charges(Path(result["dir"])) == [120, 120]


def test_pdq_charges_nothing_and_the_game_waits_for_python(service: Service) -> None:
    env = gymnasium.make("arena/LastStand-v0", clock="pdq", service=service, **QUICK)
    _, first = env.reset(seed=1)
    time.sleep(SLEEP_S)
    _, _, _, _, info = env.step(env.action_space.sample())
    assert info["charged_ms"] == 0
    # One chunk (6 steps x 120 ms) and the observation delay of game time, however long Python slept.
    assert info["sim_ms"] - first["sim_ms"] == 6 * 120 + 100
    env.close()


def test_realtime_returns_the_newest_frame_and_counts_the_frames_skipped(service: Service) -> None:
    env = gymnasium.make("arena/LastStand-v0", clock="realtime", service=service, frame=(32, 24), steps=3, obs_delay_ms=100)
    env.reset(seed=1)
    time.sleep(SLEEP_S)
    _, _, _, _, info = env.step(env.action_space.sample())
    assert info["frames_skipped"] > 0
    env.close()
