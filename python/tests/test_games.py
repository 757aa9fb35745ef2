"""The games list the package ships agrees with the checkout, and every id makes an environment without Node."""
from __future__ import annotations

import subprocess
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import arena_gateway.gym  # noqa: F401  (registers the ids)
from arena_gateway.games import env_ids, from_cli, reference_games


def test_shipped_games_list_matches_arena_games_json(checkout: Path) -> None:
    text = subprocess.run(["node", str(checkout / "bin" / "arena.js"), "games", "--json"], cwd=checkout, check=True, capture_output=True, text=True).stdout
    assert from_cli(text) == reference_games()


def test_every_reference_game_and_variant_has_a_registered_id() -> None:
    ids = env_ids()
    assert len(ids) == sum(len(g["variants"]) for g in reference_games())
    assert ids["arena/LastStand-v0"] == ("last_stand", "origin")
    assert ids["arena/LastStand-ShortFuse-v0"] == ("last_stand", "short_fuse")
    assert all(i in gymnasium.registry for i in ids)


@pytest.mark.parametrize("env_id", sorted(env_ids()))
def test_an_id_makes_its_spaces_without_starting_a_match(env_id: str) -> None:
    env = gymnasium.make(env_id, frame=(48, 32))
    assert env.observation_space == gymnasium.spaces.Box(0, 255, (32, 48, 3), np.uint8)
    assert env.action_space.sample() in env.action_space
    assert env.unwrapped._driver is None
    env.close()
