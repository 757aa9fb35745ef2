"""gymnasium's own checker on every reference game (each reset a real match on the session's service)."""
from __future__ import annotations

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

import arena_gateway.gym  # noqa: F401
from arena_gateway.games import camel, reference_games
from arena_gateway.service import Service


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game", [g["id"] for g in reference_games()])
def test_check_env_passes(game: str, service: Service) -> None:
    env = gymnasium.make(f"arena/{camel(game)}-v0", frame=(32, 24), steps=2, obs_delay_ms=100, service=service)
    try:
        check_env(env.unwrapped, skip_render_check=True)
    finally:
        env.close()
