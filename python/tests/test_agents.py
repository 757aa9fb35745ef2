"""Agents written in Python: sync and asyncio, typed observations, what they say of a decision kept, a dropped link resumed."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path

import numpy as np

from arena_gateway.agents import Agent, AsyncAgent, play, play_async
from arena_gateway.link import AgentLink
from arena_gateway.protocol import Action, Chunk, EpisodeEnd, Observation, Usage, Welcome
from arena_gateway.service import Service
from conftest import ServeProcess

MATCH = {"game": "last_stand", "agents": [{"kind": "remote"}], "stepBudget": 2, "observationDelayMs": 100, "frame": {"width": 32, "height": 24}}


def decisions(serve: ServeProcess, job_id: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in (serve.runs / job_id / "decisions.jsonl").read_text().splitlines() if line.strip()]


def finished(service: Service, job_id: str) -> dict[str, object]:
    for _ in range(200):
        job = service.match(job_id)
        if job["status"] not in ("queued", "running"):
            return job
        asyncio.run(asyncio.sleep(0.05))
    raise AssertionError("the match did not finish")


def test_a_sync_agent_gets_typed_observations_and_its_chunk_keeps_reasoning_and_usage(service: Service, serve: ServeProcess) -> None:
    seen: list[Observation] = []

    class Walker(Agent):
        name = "walker"
        frame = "rgb"

        def start(self, welcome: Welcome) -> None:
            self.welcome = welcome

        def act(self, obs: Observation) -> Action:
            seen.append(obs)
            return Action(chunk=Chunk(steps=[["W"]] * 3), reasoning=f"step {obs.step}", usage=Usage(tokens_in=5, tokens_out=2))

    job_id, tickets = service.create_match(MATCH)
    walker = Walker()
    end = play(walker, tickets[0].url, tickets[0].token)
    assert isinstance(end, EpisodeEnd) and end.reason == "step_budget"
    assert walker.welcome.game == "last_stand" and "W" in walker.welcome.controls_text
    assert seen[0].frame is not None and seen[0].frame.shape == (24, 32, 3) and seen[0].frame.dtype == np.uint8
    assert "Last Stand" in seen[0].prompt
    finished(service, job_id)
    recorded = decisions(serve, job_id)
    assert [d["reasoning"] for d in recorded] == ["step 0", "step 1"]
    assert [d["usage"] for d in recorded] == [{"tokensIn": 5, "tokensOut": 2}] * 2
    assert {d["agent"] for d in recorded} == {"walker"}


def test_an_asyncio_agent_gets_the_jpeg_bytes_and_answers_in_the_grammar(service: Service) -> None:
    class Texter(AsyncAgent):
        name = "texter"

        async def act(self, obs: Observation) -> str:
            assert obs.frame is None and obs.jpeg is not None and obs.jpeg[:2] == b"\xff\xd8"
            return "<|action_start|>0 0 0 ; W ; W <|action_end|>"

    job_id, tickets = service.create_match(MATCH)
    end = asyncio.run(play_async(Texter(), tickets[0].url, tickets[0].token))
    assert end.reason == "step_budget"
    job = finished(service, job_id)
    assert job["result"]["players"][0]["invalid"] == 0  # type: ignore[index]


def test_a_dropped_link_is_resumed_and_the_decision_in_flight_asked_again(service: Service, serve: ServeProcess) -> None:
    job_id, tickets = service.create_match({**MATCH, "stepBudget": 3})

    async def run() -> int:
        link = AgentLink(tickets[0].url, tickets[0].token, name="dropper", frame="rgb")
        await link.join()
        obs = await link.next()
        assert isinstance(obs, Observation)
        link._ws.transport.abort()  # the network drops the link: no close frame
        while isinstance(obs, Observation):
            await link.act(obs.step, Action(chunk=Chunk(steps=[["W"]])))
            obs = await link.next()
        await link.close()
        return link.reconnects

    assert asyncio.run(run()) == 1
    job = finished(service, job_id)
    assert job["status"] == "complete"
    assert [d["status"] for d in decisions(serve, job_id)] == ["valid"] * 3
