"""The reference games this package knows without Node: ``games.json``, written from ``arena games --json``.

``tests/test_games.py`` fails when the list and the checkout's ``arena games --json`` disagree; refresh it
with ``python -m arena_gateway.games --write`` from the checkout.
"""
from __future__ import annotations

import json
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

_FILE = Path(__file__).with_name("games.json")


@lru_cache(maxsize=1)
def reference_games() -> list[dict[str, Any]]:
    """Every reference game (built into the gateway): id, name, regime, slots, controls, frame, limits, variants."""
    games: list[dict[str, Any]] = json.loads(_FILE.read_text())
    return games


def game_entry(game: str) -> dict[str, Any] | None:
    """The entry of one reference game, or None (a build's address, a desktop game)."""
    return next((g for g in reference_games() if g["id"] == game), None)


def camel(text: str) -> str:
    """``last_stand`` -> ``LastStand``, ``obstacle_run_2d`` -> ``ObstacleRun2d``: the environment ids' spelling."""
    return "".join(part[:1].upper() + part[1:] for part in text.split("_"))


def env_ids() -> dict[str, tuple[str, str]]:
    """``arena/LastStand-v0`` (the first variant) and ``arena/LastStand-Ring-v0`` for each other variant -> (game, variant)."""
    ids: dict[str, tuple[str, str]] = {}
    for g in reference_games():
        for i, v in enumerate(g["variants"]):
            ids[f"arena/{camel(g['id'])}{'' if i == 0 else '-' + camel(v['id'])}-v0"] = (g["id"], v["id"])
    return ids


def from_cli(games_json: str) -> list[dict[str, Any]]:
    """The list this package ships, from the text of ``arena games --json`` (built-in games only)."""
    out = []
    for g in json.loads(games_json):
        if g["launch"].get("kind") != "builtin":
            continue
        out.append({
            "id": g["id"], "name": g["name"], "regime": g["regime"], "slots": g["slots"], "controls": g["controls"], "frame": g["frame"],
            "stepBudget": g["stepBudget"], "timeLimitMs": g["timeLimitMs"], "variants": [{"id": v["id"], "heldOut": v["heldOut"]} for v in g["variants"]],
            "gamepadAxes": (g.get("gamepad") or {}).get("axes", []),
        })
    return out


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    from .match import find_checkout

    root = find_checkout()
    text = subprocess.run(["node", str(root / "bin" / "arena.js"), "games", "--json"], cwd=root, check=True, capture_output=True, text=True).stdout
    _FILE.write_text(json.dumps(from_cli(text), indent=1) + "\n")
