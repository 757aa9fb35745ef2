"""One AgentLink connection for one slot, asyncio: hello, observations, actions, the end; resumes a dropped link.

A link that drops without a close code of the gateway's (the network, not the gateway, ended it) is dialled
again with the same token for up to ``reconnect_s``: the gateway asks the decision in flight again (same
step), so nothing is lost. A coded close (4005 BAD_TOKEN, ...) or an ``error`` message is raised as an
:class:`~arena_gateway.errors.ArenaError` with the gateway's code.
"""
from __future__ import annotations

import asyncio
import time
from typing import Any

import websockets
from websockets.exceptions import ConnectionClosed

from . import __version__
from .errors import ArenaError, error_for_close
from .protocol import AGENT_LINK_VERSION, Action, EpisodeEnd, FrameEncoding, Observation, Welcome, decode, encode

#: Frames up to 4096x4096 RGB fit in one message.
_MAX_MESSAGE = 64 * 1024 * 1024
_MATCH_OVER = 4008


class AgentLink:
    """The agent side of one slot. ``await link.join()``, then ``await link.next()`` / ``await link.act(...)``."""

    def __init__(self, url: str, token: str, *, name: str = "python", frame: FrameEncoding = "jpeg", reconnect_s: float = 8.0, timeout_s: float = 120.0) -> None:
        self.url = url
        self.token = token
        self.name = name
        self.frame: FrameEncoding = frame
        self.reconnect_s = reconnect_s
        #: Longest wait for the gateway's next message before GAME_TIMEOUT.
        self.timeout_s = timeout_s
        self.welcome: Welcome | None = None
        self.end: EpisodeEnd | None = None
        #: Connections made after the first (each one a resumed link).
        self.reconnects = 0
        self._ws: Any = None
        self._pending: list[dict[str, Any]] = []
        self._failure: ArenaError | None = None
        self._arrived = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        #: The last action sent, sent again when a resumed link asks its step again.
        self._answered: tuple[int, Action] | None = None

    async def join(self) -> Welcome:
        """Connects, says hello and waits for the welcome (BAD_TOKEN, SLOT_TAKEN, VERSION_MISMATCH raised)."""
        await self._connect()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        await self._wait_for(lambda: self.welcome is not None)
        assert self.welcome is not None
        return self.welcome

    async def next(self) -> Observation | EpisodeEnd:
        """The newest observation waiting (older ones still queued are skipped and counted), or the episode's end."""
        if self.end is not None:
            return self.end
        await self._wait_for(lambda: any(m["type"] in ("observation", "end") for m in self._pending))
        for i, m in enumerate(self._pending):
            if m["type"] == "end":
                del self._pending[: i + 1]
                self.end = EpisodeEnd.of(m)
                return self.end
        # Realtime: observations that arrived while the agent thought are replaced by the newest one.
        observations = [m for m in self._pending if m["type"] == "observation"]
        self._pending = [m for m in self._pending if m["type"] != "observation"]
        newest = observations[-1]
        if self._answered is not None and newest["step"] == self._answered[0]:
            # A resumed link: the gateway asks the step we answered again (the answer was lost with the link).
            await self.act(*self._answered)
            return await self.next()
        return Observation.of(newest, self.welcome, skipped=len(observations) - 1)

    async def act(self, step: int, action: Action) -> None:
        """Sends the action for observation ``step``; on a dropped link the gateway asks the step again after the resume."""
        if self.end is not None:
            raise ArenaError("EPISODE_OVER", f"the episode ended ({self.end.reason}); no action is taken")
        if self._failure is not None:
            raise self._failure
        data = encode(action.wire(step))
        self._answered = (step, action)
        try:
            await self._ws.send(data)
        except ConnectionClosed:
            pass  # the reader resumes the link, and the gateway asks this step again

    async def close(self, reason: str = "done") -> None:
        """Says bye (when the episode is not over) and closes; the reader stops."""
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.cancel()
            try:
                await reader
            except (asyncio.CancelledError, Exception):
                pass
        ws, self._ws = self._ws, None
        if ws is not None:
            try:
                if self.end is None:
                    await ws.send(encode({"type": "bye", "reason": reason}))
                await ws.close()
            except (ConnectionClosed, OSError):
                pass

    async def _wait_for(self, ready: Any) -> None:
        deadline = time.monotonic() + self.timeout_s
        while not ready():
            if self._failure is not None:
                raise self._failure
            self._arrived.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise ArenaError("GAME_TIMEOUT", f"no message from the gateway within {self.timeout_s} s")
            try:
                await asyncio.wait_for(self._arrived.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def _connect(self) -> None:
        try:
            self._ws = await websockets.connect(self.url, max_size=_MAX_MESSAGE, open_timeout=10, ping_interval=None)
        except (OSError, asyncio.TimeoutError, websockets.InvalidHandshake) as err:
            raise ArenaError("MATCH_GONE", f"cannot reach the gateway at {self.url}: {err}") from err
        hello: dict[str, Any] = {"type": "hello", "version": AGENT_LINK_VERSION, "token": self.token, "agent": self.name, "client": {"name": "arena-gateway", "version": __version__}}
        if self.frame != "jpeg":
            hello["frame"] = self.frame
        await self._ws.send(encode(hello))

    async def _read(self) -> None:
        try:
            while True:
                try:
                    raw = await self._ws.recv()
                except ConnectionClosed as closed:
                    if not await self._on_closed(closed):
                        return
                    continue
                msg = decode(raw)
                kind = msg["type"]
                if kind == "welcome":
                    self.welcome = Welcome.of(msg)
                elif kind == "error":
                    raise ArenaError(str(msg.get("code", "INTERNAL")), str(msg.get("message", "")))
                elif kind in ("observation", "end"):
                    self._pending.append(msg)
                else:
                    raise ArenaError("UNKNOWN_TYPE", f"the gateway sent a '{kind}' message")
                self._arrived.set()
        except ArenaError as err:
            self._failure = err
            self._arrived.set()

    async def _on_closed(self, closed: ConnectionClosed) -> bool:
        """After a close: False when the link is over (the end, or a failure set), True once it is resumed."""
        rcvd = closed.rcvd
        ended = any(m["type"] == "end" for m in self._pending) or self.end is not None
        if rcvd is not None and rcvd.code == _MATCH_OVER:
            if not ended:
                raise ArenaError("MATCH_GONE", "the match is over")
            return False
        if rcvd is not None and rcvd.code >= 4000:
            raise error_for_close(rcvd.code, rcvd.reason)
        if ended:
            return False
        # No close code of the gateway's: the link dropped (or the gateway died). Dial again with the same token.
        deadline = time.monotonic() + self.reconnect_s
        last: Exception = closed
        while time.monotonic() < deadline:
            try:
                await self._connect()
                self.reconnects += 1
                return True
            except ArenaError as err:
                last = err
                await asyncio.sleep(0.2)
        raise ArenaError("MATCH_GONE", f"the link to {self.url} dropped and could not be resumed within {self.reconnect_s} s: {last}")
