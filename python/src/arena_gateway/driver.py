"""The reusable core: one match (started as a child, or joined on a running ``arena serve``) and N slots driven from Python.

Gymnasium's environment drives one slot of it; a multi-agent wrapper drives several. Everything is
synchronous for the caller; the links run on a private asyncio loop (:class:`~arena_gateway.loop.LoopThread`).

    driver = MatchDriver.start({"game": "sky_duel", "agents": [{"kind": "remote"}, {"kind": "remote"}]}, frame="rgb")
    first = driver.observe_all()                 # {slot: Observation}
    while not driver.over:
        replies = driver.step({s: Chunk(steps=[["W"]]) for s in driver.live_slots})
    driver.close()
"""
from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from .errors import ArenaError
from .link import AgentLink
from .loop import LoopThread
from .match import MatchProcess, SlotTicket
from .service import Service
from .protocol import Action, Chunk, EpisodeEnd, FrameEncoding, Observation, Welcome, as_action


class MatchDriver:
    """Slots of one match, each an :class:`AgentLink`; ``step`` answers the slots' observations and waits for the next ones."""

    def __init__(self, tickets: list[SlotTicket], *, process: MatchProcess | None = None, name: str = "python", frame: FrameEncoding = "rgb", timeout_s: float = 120.0) -> None:
        self.process = process
        self.loop = LoopThread()
        self.links = {t.slot: AgentLink(t.url, t.token, name=name, frame=frame, timeout_s=timeout_s) for t in tickets}
        self.welcomes: dict[int, Welcome] = {}
        #: Each slot's newest observation or its end.
        self.last: dict[int, Observation | EpisodeEnd] = {}
        self.timeout_s = timeout_s
        #: A match created on a service: the service and the job's id (also the run's id).
        self.service: Service | None = None
        self.job_id: str | None = None
        self._closed = False

    @staticmethod
    def start(config: dict[str, Any], *, name: str = "python", frame: FrameEncoding = "rgb", checkout: Path | None = None, timeout_s: float = 120.0) -> "MatchDriver":
        """Starts ``arena match`` on ``config`` (its ``remote`` agents are the Python slots) and joins every remote slot."""
        process = MatchProcess(config, checkout=checkout)
        tickets = process.start()
        return MatchDriver(tickets, process=process, name=name, frame=frame, timeout_s=timeout_s)._joined()

    @staticmethod
    def on_service(service: Service, config: dict[str, Any], *, name: str = "python", frame: FrameEncoding = "rgb", timeout_s: float = 120.0) -> "MatchDriver":
        """Creates the match on a running ``arena serve`` and joins every remote slot (no process of our own)."""
        job_id, tickets = service.create_match(config)
        driver = MatchDriver(tickets, name=name, frame=frame, timeout_s=timeout_s)
        driver.service, driver.job_id = service, job_id
        return driver._joined()

    @staticmethod
    def join_slot(url: str, token: str, *, slot: int = 0, name: str = "python", frame: FrameEncoding = "rgb", timeout_s: float = 120.0) -> "MatchDriver":
        """Joins one slot of a running match (an ``arena serve`` job or an ``arena match --listen``) with its token."""
        return MatchDriver([SlotTicket(slot, url, token)], name=name, frame=frame, timeout_s=timeout_s)._joined()

    def _joined(self) -> "MatchDriver":
        try:
            self.join()
        except BaseException:
            self.close()
            raise
        return self

    @property
    def slots(self) -> list[int]:
        return sorted(self.links)

    @property
    def live_slots(self) -> list[int]:
        """The slots whose episode goes on (their newest message is an observation)."""
        return [s for s in self.slots if isinstance(self.last.get(s), Observation)]

    @property
    def over(self) -> bool:
        return all(isinstance(self.last.get(s), EpisodeEnd) for s in self.slots)

    @property
    def run_dir(self) -> Path | None:
        return self.process.run_dir if self.process else None

    def join(self) -> None:
        """Joins every slot (welcome), then takes each one's first observation."""
        async def join_all() -> None:
            welcomes = await asyncio.gather(*(link.join() for link in self.links.values()))
            self.welcomes = {w.slot: w for w in welcomes}
            firsts = await asyncio.gather(*(link.next() for link in self.links.values()))
            self.last = dict(zip(self.links, firsts))

        self._run(join_all())

    def step(self, actions: dict[int, Action | Chunk | str]) -> dict[int, Observation | EpisodeEnd]:
        """Answers the named slots' observations and waits for each one's next observation or end."""
        for slot in actions:
            if slot not in self.links:
                raise ArenaError("BAD_SLOT", f"slot {slot} is not one of this match's Python slots {self.slots}")
            if isinstance(self.last.get(slot), EpisodeEnd):
                raise ArenaError("EPISODE_OVER", f"slot {slot}'s episode ended ({self.last[slot].reason}); reset first")  # type: ignore[union-attr]
        answers = {slot: as_action(a) for slot, a in actions.items()}

        async def step_all() -> dict[int, Observation | EpisodeEnd]:
            async def one(slot: int, action: Action) -> Observation | EpisodeEnd:
                link = self.links[slot]
                last = self.last[slot]
                assert isinstance(last, Observation)
                await link.act(last.step, action)
                return await link.next()

            replies = await asyncio.gather(*(one(s, a) for s, a in answers.items()))
            return dict(zip(answers, replies))

        replies = self._run(step_all())
        self.last.update(replies)
        return replies

    def finish(self, timeout_s: float = 60.0) -> dict[str, Any] | None:
        """Once the episode is over: waits for the match (process or service job) to write its record; its result."""
        if self.service is not None and self.job_id is not None:
            deadline = time.monotonic() + timeout_s
            while time.monotonic() < deadline:
                job = self.service.match(self.job_id)
                if job.get("status") not in ("queued", "running"):
                    result: dict[str, Any] | None = job.get("result")
                    return result
                time.sleep(0.05)
            raise ArenaError("GAME_TIMEOUT", f"the service's match {self.job_id} did not finish within {timeout_s} s")
        if self.process is None:
            return None
        return self.process.wait(timeout_s)

    def close(self) -> None:
        """Leaves every slot and ends a match process that still runs (the record says it was aborted)."""
        if self._closed:
            return
        self._closed = True
        async def close_all() -> None:
            await asyncio.gather(*(link.close() for link in self.links.values()), return_exceptions=True)

        try:
            self.loop.run(close_all(), 10)
        except Exception:
            pass  # a link that cannot even close is gone already
        self.loop.stop()
        if self.process is not None and self.process.running:
            try:
                self.process.wait(5)
            except ArenaError:
                self.process.kill()

    def _run(self, coro: Any) -> Any:
        try:
            return self.loop.run(coro)
        except ArenaError as err:
            # A link that failed because its match process died reports the process's own error when it has one.
            if self.process is not None and err.code in ("MATCH_GONE", "GAME_TIMEOUT"):
                try:
                    self.process.wait(3)
                except ArenaError:
                    raise err from None
                raise self.process.exit_error() from err
            raise
