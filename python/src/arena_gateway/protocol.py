"""AgentLink's wire: msgpack maps on binary WebSocket messages at ``/agent`` (docs/agent-link.md).

The typed forms of what the gateway sends (:class:`Welcome`, :class:`Observation`, :class:`EpisodeEnd`) and
of what an agent answers (:class:`Chunk`, :class:`Action`, :class:`Timings`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal

import msgpack
import numpy as np

from .errors import ArenaError

#: The AgentLink version this package speaks.
AGENT_LINK_VERSION: Final = 1
#: Largest message the gateway takes from an agent, bytes.
MAX_AGENT_MESSAGE_BYTES: Final = 256 * 1024
FrameEncoding = Literal["jpeg", "rgb"]


def encode(message: dict[str, Any]) -> bytes:
    """One agent message as msgpack bytes; TOO_LARGE past the gateway's limit (nothing is sent)."""
    data: bytes = msgpack.packb(message, use_bin_type=True)
    if len(data) > MAX_AGENT_MESSAGE_BYTES:
        raise ArenaError("TOO_LARGE", f"a {message.get('type')} message of {len(data)} bytes is over {MAX_AGENT_MESSAGE_BYTES}")
    return data


def decode(data: bytes | str) -> dict[str, Any]:
    """One gateway message; BAD_MESSAGE for anything that is not a msgpack map with a string ``type``."""
    if isinstance(data, str):
        raise ArenaError("BAD_MESSAGE", "AgentLink messages are binary msgpack")
    try:
        msg = msgpack.unpackb(data, raw=False)
    except Exception as err:  # msgpack raises several unrelated types
        raise ArenaError("BAD_MESSAGE", f"not msgpack: {err}") from err
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ArenaError("BAD_MESSAGE", "a gateway message is a map with a string type")
    return msg


@dataclass(frozen=True)
class Welcome:
    """What the gateway tells an agent once it joined: the match, its slot, the controls and the game's prompt."""

    match_id: str
    slot: int
    team: int
    game: str
    variant: str
    clock: str
    controls: dict[str, Any]
    game_prompt: str
    step_budget: int

    @staticmethod
    def of(msg: dict[str, Any]) -> "Welcome":
        return Welcome(msg["matchId"], msg["slot"], msg["team"], msg["game"], msg["variant"], msg["clock"], msg["controls"], msg["gamePrompt"], msg["stepBudget"])

    @property
    def controls_text(self) -> str:
        """The controls as one line: held keys and buttons, taps, look axes, gamepad axes, chunk shape."""
        c = self.controls
        parts = [f"keys {' '.join(c.get('keys') or []) or '-'}"]
        if c.get("buttons"):
            parts.append(f"buttons {' '.join(c['buttons'])}")
        if c.get("tapControls"):
            parts.append(f"taps {' '.join(c['tapControls'])}")
        if c.get("mouseAxes"):
            parts.append(f"look {' '.join(c['mouseAxes'])} (+-{c.get('maxLookDeg', 180)} deg)")
        if c.get("axes"):
            parts.append(f"axes {' '.join(c['axes'])}")
        if c.get("move"):
            parts.append(f"move {c['move'].get('notation', '')}")
        parts.append(f"{c.get('chunkSteps')} steps x {c.get('stepMs')} ms")
        return "; ".join(parts)


@dataclass(frozen=True)
class Decided:
    """How this slot's previous decision was settled: its status, charged latency and frame-integrity verdict."""

    step: int
    status: str
    charged_ms: float
    integrity: str | None


@dataclass(frozen=True)
class Observation:
    """One observation of the agent's own slot.

    ``frame`` is a ``(height, width, 3)`` uint8 array when the slot asked for ``rgb``; ``jpeg`` holds the
    bytes when it asked for JPEG (``frame`` is then ``None``: the package decodes no images).
    """

    step: int
    sim_ms: float
    progress: float
    seq: int
    width: int
    height: int
    encoding: str
    frame: np.ndarray | None
    jpeg: bytes | None
    feedback: str | None
    decided: Decided | None
    prompt: str = ""
    controls: str = ""
    #: Observations replaced by this newer one before the agent read them (realtime).
    skipped: int = 0
    #: Under the omnigamearena profile: the slot's benchmark score so far.
    benchmark_score: float | None = None

    @staticmethod
    def of(msg: dict[str, Any], welcome: Welcome | None = None, skipped: int = 0) -> "Observation":
        f = msg["frame"]
        data: bytes = f["data"]
        frame = None
        if f["encoding"] == "rgb":
            expected = f["width"] * f["height"] * 3
            if len(data) != expected:
                raise ArenaError("BAD_MESSAGE", f"an rgb frame of {len(data)} bytes, expected {expected}")
            frame = np.frombuffer(data, dtype=np.uint8).reshape(f["height"], f["width"], 3)
        d = msg.get("decided")
        decided = Decided(d["step"], d["status"], float(d["chargedMs"]), d.get("integrity")) if d else None
        return Observation(
            step=msg["step"], sim_ms=float(msg["simMs"]), progress=float(msg["progress"]), seq=f["seq"], width=f["width"], height=f["height"],
            encoding=f["encoding"], frame=frame, jpeg=data if f["encoding"] == "jpeg" else None, feedback=msg.get("feedback"), decided=decided,
            prompt=welcome.game_prompt if welcome else "", controls=welcome.controls_text if welcome else "", skipped=skipped,
            benchmark_score=float(msg["benchmarkScore"]) if msg.get("benchmarkScore") is not None else None,
        )


@dataclass(frozen=True)
class EpisodeEnd:
    """How the episode ended for this slot: the reason (a game's, ``time_limit``, ``step_budget`` or an error code)."""

    reason: str
    progress: float
    outcome: str

    @staticmethod
    def of(msg: dict[str, Any]) -> "EpisodeEnd":
        return EpisodeEnd(msg["reason"], float(msg["progress"]), msg["outcome"])

    @property
    def error_code(self) -> str | None:
        """The error code when the match ended by a failure (its reason is an upper-case code), else None."""
        return self.reason if self.reason.isupper() else None


@dataclass(frozen=True)
class Chunk:
    """A built chunk: look ``(x, y)`` degrees, held controls per step, optional gamepad axes per step."""

    look: tuple[float, float] = (0.0, 0.0)
    steps: list[list[str]] = field(default_factory=list)
    axes: list[dict[str, float]] | None = None

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {"look": [float(self.look[0]), float(self.look[1])], "steps": [list(s) for s in self.steps]}
        if self.axes is not None:
            out["axes"] = [{k: float(v) for k, v in m.items()} for m in self.axes]
        return out


@dataclass(frozen=True)
class Timings:
    """Self-reported timings, ms: the ``provider``, ``ttfb`` and ``ttlt`` latency sources charge these under lcrt."""

    provider_ms: float | None = None
    ttft_ms: float | None = None
    ttlt_ms: float | None = None
    network_rtt_ms: float | None = None

    def wire(self) -> dict[str, float]:
        pairs = {"providerMs": self.provider_ms, "ttftMs": self.ttft_ms, "ttltMs": self.ttlt_ms, "networkRttMs": self.network_rtt_ms}
        return {k: float(v) for k, v in pairs.items() if v is not None}


@dataclass(frozen=True)
class Usage:
    tokens_in: int | None = None
    tokens_out: int | None = None
    reasoning_tokens: int | None = None

    def wire(self) -> dict[str, int]:
        pairs = {"tokensIn": self.tokens_in, "tokensOut": self.tokens_out, "reasoningTokens": self.reasoning_tokens}
        return {k: int(v) for k, v in pairs.items() if v is not None}


@dataclass(frozen=True)
class Action:
    """An agent's answer to one observation: the grammar's text or a built chunk, with what it says of itself."""

    answer: str | None = None
    chunk: Chunk | None = None
    reasoning: str | None = None
    timings: Timings | None = None
    usage: Usage | None = None

    def wire(self, step: int) -> dict[str, Any]:
        if (self.answer is None) == (self.chunk is None):
            raise ArenaError("BAD_INPUT", "an action is either an answer text or a chunk")
        msg: dict[str, Any] = {"type": "action", "step": step}
        if self.answer is not None:
            msg["answer"] = self.answer
        if self.chunk is not None:
            msg["chunk"] = self.chunk.wire()
        if self.reasoning is not None:
            msg["reasoning"] = self.reasoning
        if self.timings is not None and self.timings.wire():
            msg["timings"] = self.timings.wire()
        if self.usage is not None and self.usage.wire():
            msg["usage"] = self.usage.wire()
        return msg


def as_action(value: "Action | Chunk | str") -> Action:
    """An agent's return value as an Action: a text is an answer, a Chunk a built chunk."""
    if isinstance(value, Action):
        return value
    if isinstance(value, Chunk):
        return Action(chunk=value)
    if isinstance(value, str):
        return Action(answer=value)
    raise ArenaError("BAD_INPUT", f"an agent returns an Action, a Chunk or a text, not {type(value).__name__}")
