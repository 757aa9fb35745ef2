"""Bad input gets an ArenaError with the gateway's code, never a hang, and the episode or the record says what happened."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import arena_gateway.gym  # noqa: F401
from arena_gateway import ArenaError
from arena_gateway.driver import MatchDriver
from arena_gateway.service import Service
from conftest import QUICK, ServeProcess


def test_a_malformed_answer_is_recorded_invalid_and_the_episode_goes_on(service: Service) -> None:
    env = gymnasium.make("arena/LastStand-v0", action_mode="text", service=service, **QUICK)
    env.reset(seed=1)
    _, _, terminated, truncated, info = env.step("this is no action")
    assert (terminated, truncated) == (False, False)
    assert info["decision_status"] == "invalid"
    assert info["feedback"]
    _, _, _, _, info = env.step("<|action_start|>0 0 0 ; W <|action_end|>")
    assert info["decision_status"] == "valid"
    env.close()


def test_an_action_outside_the_space_raises_bad_input_and_sends_nothing(service: Service) -> None:
    env = gymnasium.make("arena/LastStand-v0", service=service, **QUICK)
    env.reset(seed=1)
    with pytest.raises(ArenaError) as caught:
        env.step({"keys": np.full((6, 5), 3, dtype=np.int8), "look": np.zeros(2, np.float32)})
    assert caught.value.code == "BAD_INPUT"
    _, _, _, _, info = env.step(env.action_space.sample())
    assert info["step"] == 1
    env.close()


def test_a_wrong_token_raises_bad_token(service: Service) -> None:
    _, tickets = service.create_match({"game": "last_stand", "agents": [{"kind": "remote"}], "stepBudget": 1, "frame": {"width": 32, "height": 24}})
    with pytest.raises(ArenaError) as caught:
        MatchDriver.join_slot(tickets[0].url, "f" * 32, timeout_s=20)
    assert caught.value.code == "BAD_TOKEN"
    MatchDriver.join_slot(tickets[0].url, tickets[0].token).close()


def test_a_step_after_the_episode_ended_raises_episode_over(service: Service) -> None:
    env = gymnasium.make("arena/LastStand-v0", service=service, frame=(32, 24), steps=1, obs_delay_ms=100)
    env.reset(seed=1)
    _, _, terminated, truncated, _ = env.step(env.action_space.sample())
    assert truncated and not terminated
    with pytest.raises(ArenaError) as caught:
        env.step(env.action_space.sample())
    assert caught.value.code == "EPISODE_OVER"
    env.close()


def test_a_killed_match_process_raises_instead_of_hanging(runs_dir: object) -> None:
    env = gymnasium.make("arena/LastStand-v0", runs_dir=runs_dir, frame=(32, 24), steps=50, obs_delay_ms=100, timeout_s=30)
    env.reset(seed=1)
    env.unwrapped._driver.process.kill()
    with pytest.raises(ArenaError) as caught:
        env.step(env.action_space.sample())
    assert caught.value.code == "MATCH_GONE"
    env.close()


def test_a_service_that_goes_away_raises_instead_of_hanging(checkout: object) -> None:
    own = ServeProcess(checkout)  # type: ignore[arg-type]
    try:
        env = gymnasium.make("arena/LastStand-v0", service=own.service, frame=(32, 24), steps=50, obs_delay_ms=100, timeout_s=30)
        env.reset(seed=1)
        own.proc.kill()
        own.proc.wait(10)
        with pytest.raises(ArenaError) as caught:
            env.step(env.action_space.sample())
        assert caught.value.code == "MATCH_GONE"
        env.close()
    finally:
        own.stop()
