"""Error codes and WebSocket close codes of the gateway (protocol/errors.ts), as one Python exception.

Every failure the package raises is an :class:`ArenaError` whose ``code`` is one of the gateway's stable
codes (``BAD_TOKEN``, ``AGENT_GONE``, ...); a test or a caller branches on the code, never on the message.
"""
from __future__ import annotations

from typing import Final

#: Every code the gateway reports, plus the package's own (each documented where it is raised).
ERROR_CODES: Final = frozenset(
    {
        "BAD_MESSAGE", "UNKNOWN_TYPE", "VERSION_MISMATCH", "TOO_LARGE", "BAD_STATE", "BAD_SLOT", "BAD_INPUT",
        "UNKNOWN_GAME", "UNKNOWN_VARIANT", "UNKNOWN_AGENT", "BAD_CONFIG", "GAME_CRASHED", "GAME_TIMEOUT",
        "AGENT_GONE", "AGENT_TIMEOUT", "BAD_TOKEN", "SLOW_CONSUMER", "SLOT_TAKEN", "UNKNOWN_MATCH",
        "PROVIDER_TIMEOUT", "PROVIDER_ERROR", "MODEL_EMPTY", "ABORTED", "BAD_RECORD", "REPLAY_MISMATCH",
        "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "INTERRUPTED", "BACKEND_GONE", "NO_WORKER", "STALE_FRAME",
        "WORKER_LOST", "INTERNAL",
        # The package's own: the match process exited or the gateway went away before the episode ended.
        "MATCH_GONE",
        # A step or action after the episode ended (reset first).
        "EPISODE_OVER",
    }
)

#: WebSocket close codes a link uses for a reason of its own, by name (protocol/errors.ts CloseCode).
CLOSE_CODES: Final = {
    "NORMAL": 1000, "GOING_AWAY": 1001, "BAD_MESSAGE": 4000, "UNKNOWN_TYPE": 4001, "VERSION_MISMATCH": 4002,
    "TOO_LARGE": 4003, "BAD_STATE": 4004, "BAD_TOKEN": 4005, "SLOT_TAKEN": 4006, "UNKNOWN_MATCH": 4007,
    "MATCH_OVER": 4008, "SLOW_CONSUMER": 4009, "INTERNAL": 4010, "FORBIDDEN": 4011, "UNAUTHORIZED": 4012,
}
_CODE_OF_CLOSE: Final = {v: k for k, v in CLOSE_CODES.items() if v >= 4000 and k != "MATCH_OVER"}


class ArenaError(Exception):
    """A failure with a stable ``code`` (see :data:`ERROR_CODES`); ``close_code`` is the link's, when it closed."""

    def __init__(self, code: str, message: str, *, close_code: int | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.close_code = close_code


def error_for_close(close_code: int | None, reason: str = "") -> ArenaError:
    """The error a link closed with: its code from the close code (4005 -> BAD_TOKEN), MATCH_GONE otherwise."""
    code = _CODE_OF_CLOSE.get(close_code or 0, "MATCH_GONE")
    return ArenaError(code, reason or f"the link closed ({close_code})", close_code=close_code)
