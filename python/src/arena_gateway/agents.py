"""Agents written in Python: subclass :class:`Agent` (synchronous) or :class:`AsyncAgent` and play a slot.

``act`` gets a typed :class:`~arena_gateway.protocol.Observation` and returns the grammar's text, a
:class:`~arena_gateway.protocol.Chunk`, or an :class:`~arena_gateway.protocol.Action` that also carries its
reasoning, token usage and provider timings (under ``lcrt`` with the ``provider`` latency source, the charge
is the provider's time the agent reports, not the time Python took around it)::

    class Forward(Agent):
        name = "forward"
        def act(self, obs):
            return Chunk(steps=[["W"]] * 3)

    end = play(Forward(), url, token)          # a slot of a running match
    end, result = play_match(Forward(), {"game": "last_stand", "stepBudget": 5})   # a match of its own
"""
from __future__ import annotations

import asyncio
from typing import Any

from .link import AgentLink
from .match import MatchProcess
from .protocol import Action, Chunk, EpisodeEnd, FrameEncoding, Observation, Welcome, as_action


class AsyncAgent:
    """An asyncio agent: ``start`` once, ``act`` per observation, ``end`` once."""

    #: The name the run records for this agent's slot.
    name: str = "python"
    #: ``jpeg`` (the bytes, for a model) or ``rgb`` (a numpy array, for a policy).
    frame: FrameEncoding = "jpeg"

    async def start(self, welcome: Welcome) -> None:
        """Told once, before the first observation: the game, the slot, the controls and the game's prompt."""

    async def act(self, obs: Observation) -> Action | Chunk | str:
        raise NotImplementedError

    async def end(self, end: EpisodeEnd) -> None:
        """Told how the episode ended."""


class Agent:
    """A synchronous agent: the same three calls, run on the package's own event loop."""

    name: str = "python"
    frame: FrameEncoding = "jpeg"

    def start(self, welcome: Welcome) -> None:
        pass

    def act(self, obs: Observation) -> Action | Chunk | str:
        raise NotImplementedError

    def end(self, end: EpisodeEnd) -> None:
        pass


class _Async(AsyncAgent):
    """A synchronous agent as an asyncio one: each call runs in a worker thread, so the link stays served."""

    def __init__(self, agent: Agent) -> None:
        self.agent, self.name, self.frame = agent, agent.name, agent.frame

    async def start(self, welcome: Welcome) -> None:
        await asyncio.to_thread(self.agent.start, welcome)

    async def act(self, obs: Observation) -> Action | Chunk | str:
        return await asyncio.to_thread(self.agent.act, obs)

    async def end(self, end: EpisodeEnd) -> None:
        await asyncio.to_thread(self.agent.end, end)


def _as_async(agent: Agent | AsyncAgent) -> AsyncAgent:
    return agent if isinstance(agent, AsyncAgent) else _Async(agent)


async def play_async(agent: Agent | AsyncAgent, url: str, token: str, *, timeout_s: float = 300.0) -> EpisodeEnd:
    """Plays one slot to its end; a dropped link is resumed (the decision in flight is asked again)."""
    a = _as_async(agent)
    link = AgentLink(url, token, name=a.name, frame=a.frame, timeout_s=timeout_s)
    try:
        await a.start(await link.join())
        while True:
            msg = await link.next()
            if isinstance(msg, EpisodeEnd):
                await a.end(msg)
                return msg
            await link.act(msg.step, as_action(await a.act(msg)))
    finally:
        await link.close()


def play(agent: Agent | AsyncAgent, url: str, token: str, *, timeout_s: float = 300.0) -> EpisodeEnd:
    """:func:`play_async` for synchronous code."""
    return asyncio.run(play_async(agent, url, token, timeout_s=timeout_s))


def play_match(agent: Agent | AsyncAgent, config: dict[str, Any], *, timeout_s: float = 300.0) -> tuple[EpisodeEnd, dict[str, Any] | None]:
    """Starts ``arena match`` on ``config`` (slot 0 remote unless ``agents`` says otherwise), plays it, and returns the end and the match's result."""
    config = {"agents": [{"kind": "remote"}], **config}
    a = _as_async(agent)
    process = MatchProcess(config)
    tickets = process.start()
    try:
        end = play(a, tickets[0].url, tickets[0].token, timeout_s=timeout_s)
    except BaseException:
        process.kill()
        raise
    return end, process.wait(timeout_s)
