"""What the Gymnasium and PettingZoo environments share: a match configuration from their keyword arguments,
a slot's ``info`` from its observations, and what the finished record says of a slot's last decision.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .protocol import Observation

if TYPE_CHECKING:
    from .driver import MatchDriver

#: End reasons that cut an episode short rather than end it (gymnasium's and pettingzoo's ``truncated``).
TRUNCATING = frozenset({"time_limit", "step_budget"})


def match_config(
    game: str,
    agents: list[dict[str, Any]],
    *,
    clock: str,
    frame_size: tuple[int, int],
    runs_dir: Path,
    variant: str | None = None,
    steps: int | None = None,
    time_limit_s: float | None = None,
    obs_delay_ms: float | None = None,
    profile: str | None = None,
    endpoint: str | None = None,
    gamepad: bool = False,
) -> dict[str, Any]:
    """The match configuration (docs/cli.md, "Match configuration files") an environment's match plays."""
    config: dict[str, Any] = {
        "game": game, "clock": clock, "agents": agents,
        "frame": {"width": frame_size[0], "height": frame_size[1]}, "runsDir": str(runs_dir),
    }
    for key, value in (("variant", variant), ("stepBudget", steps), ("observationDelayMs", obs_delay_ms), ("profile", profile), ("env", endpoint)):
        if value is not None:
            config[key] = value
    if time_limit_s is not None:
        config["timeLimitMs"] = int(time_limit_s * 1000)
    if gamepad:
        config["gamepad"] = True
    return config


def step_info(obs: Observation, before: Observation | None = None) -> dict[str, Any]:
    """A slot's ``info`` at an observation: game time, how its previous decision was settled, frames it never saw."""
    d = obs.decided
    return {
        "step": obs.step, "sim_ms": obs.sim_ms, "progress": obs.progress, "feedback": obs.feedback,
        "decision_status": d.status if d else None, "charged_ms": d.charged_ms if d else None, "frame_integrity": d.integrity if d else None,
        # Game frames between this observation's and the one before (realtime: frames the agent never saw).
        "frames_skipped": max(0, obs.seq - before.seq - 1) if before is not None else 0,
        "observations_skipped": obs.skipped,
    }


def last_decision_info(run_dir: Path | None, slot: int) -> dict[str, Any]:
    """What the finished record says of ``slot``'s last decision (its observation never came), or nothing."""
    if run_dir is None or not (run_dir / "decisions.jsonl").is_file():
        return {}
    mine = [d for d in (json.loads(line) for line in (run_dir / "decisions.jsonl").read_text().splitlines() if line.strip()) if d.get("slot") == slot]
    if not mine:
        return {}
    last = mine[-1]
    return {"decision_status": last.get("status"), "charged_ms": last.get("chargedMs"), "frame_integrity": (last.get("integrity") or {}).get("verdict")}


def run_dir_of(driver: "MatchDriver | None", service_runs: Path | None) -> Path | None:
    """An episode's run folder: the match process's, or on a service ``service_runs``/run id (when this process can read it)."""
    if driver is None:
        return None
    if driver.job_id is not None:
        return service_runs / driver.job_id if service_runs is not None else None
    return driver.run_dir


def where_info(driver: "MatchDriver | None", run_dir: Path | None) -> dict[str, Any]:
    """Where an episode's record is: ``run_dir`` and ``run_id`` (the service's job id, else the folder's name)."""
    run_id = driver.job_id if driver is not None and driver.job_id else (run_dir.name if run_dir else None)
    return {"run_dir": str(run_dir) if run_dir else None, "run_id": run_id}


def reward(profile: str | None, before: Observation, progress: float, benchmark: float | None) -> float:
    """A slot's reward for one step: our progress delta; under the omnigamearena profile the benchmark score's
    delta (0 before its first reading), so the rewards add up to the score the run keeps."""
    if profile == "omnigamearena":
        return (benchmark or 0.0) - (before.benchmark_score or 0.0) if benchmark is not None else 0.0
    return progress - before.progress


def final_benchmark(result: dict[str, Any] | None, slot: int) -> float | None:
    """``slot``'s benchmark score in a finished match's result (the score the run keeps), under the omnigamearena profile."""
    scores = ((result or {}).get("benchmark") or {}).get("scores")
    players = (result or {}).get("players") or []
    index = next((i for i, p in enumerate(players) if p.get("slot") == slot), None)
    return float(scores[index]) if scores and index is not None and index < len(scores) else None
