"""Gymnasium spaces of a game's controls, and an action of those spaces as the chunk the gateway checks.

Structured mode: a ``Dict`` with ``keys`` (``MultiBinary((chunk_steps, n))``: which keys and buttons each step
holds), ``look`` (``Box(2)``, degrees, when the game has mouse axes) and ``axes`` (``Box((chunk_steps, n))``
for gamepad axes, when the game takes them). A turn-based game's structured action is its move (``Text``).
Text mode: the model's answer in the chunk grammar (``Text``), parsed by the gateway like any VLM answer.
"""
from __future__ import annotations

import string
from typing import Any

import numpy as np
from gymnasium import spaces

from .errors import ArenaError
from .protocol import Action, Chunk

#: The longest move a turn-based game takes (protocol/controls.ts MAX_MOVE_LENGTH).
MAX_MOVE_LENGTH = 32
MOVE_CHARSET = string.ascii_letters + string.digits + "+#=-"
#: The longest answer text of text mode.
MAX_ANSWER_LENGTH = 4096
_AXIS_LOW = {"LT": 0.0, "RT": 0.0}


def held_controls(controls: dict[str, Any]) -> list[str]:
    return list(controls.get("keys") or []) + [b for b in controls.get("buttons") or [] if b not in (controls.get("keys") or [])]


def action_space(controls: dict[str, Any], mode: str) -> spaces.Space[Any]:
    """The action space of a game's control set in ``structured`` or ``text`` mode."""
    if mode == "text":
        return spaces.Text(max_length=MAX_ANSWER_LENGTH, charset=string.printable)
    if mode != "structured":
        raise ArenaError("BAD_CONFIG", f"action_mode is structured or text, not {mode!r}")
    if controls.get("move"):
        return spaces.Text(min_length=1, max_length=MAX_MOVE_LENGTH, charset=MOVE_CHARSET)
    steps = int(controls["chunkSteps"])
    parts: dict[str, spaces.Space[Any]] = {"keys": spaces.MultiBinary((steps, len(held_controls(controls))))}
    if controls.get("mouseAxes"):
        limit = float(controls.get("maxLookDeg", 180))
        parts["look"] = spaces.Box(-limit, limit, shape=(2,), dtype=np.float32)
    axes = controls.get("axes") or []
    if axes:
        low = np.array([[_AXIS_LOW.get(a, -1.0) for a in axes]] * steps, dtype=np.float32)
        parts["axes"] = spaces.Box(low, np.ones_like(low), dtype=np.float32)
    return spaces.Dict(parts)


def to_action(space: spaces.Space[Any], controls: dict[str, Any], mode: str, value: Any) -> Action:
    """An action of ``space`` as the gateway's: an answer text, a move, or a built chunk. BAD_INPUT outside the space."""
    if mode == "text":
        if not isinstance(value, str) or not space.contains(value):
            raise ArenaError("BAD_INPUT", "a text-mode action is an answer text of at most 4096 printable characters")
        return Action(answer=value)
    if controls.get("move"):
        if not isinstance(value, str) or not space.contains(value):
            raise ArenaError("BAD_INPUT", f"a move is 1-{MAX_MOVE_LENGTH} characters of {MOVE_CHARSET!r}")
        return Action(answer=f"<|action_start|>{value}<|action_end|>")
    if not isinstance(value, dict):
        raise ArenaError("BAD_INPUT", f"a structured action is a dict with {sorted(space.spaces)}")  # type: ignore[attr-defined]
    value = {k: np.asarray(v, dtype=space.spaces[k].dtype) if k in space.spaces else v for k, v in value.items()}  # type: ignore[attr-defined]
    if set(value) != set(space.spaces) or not space.contains(value):  # type: ignore[attr-defined]
        raise ArenaError("BAD_INPUT", f"the action is outside the space {space}")
    names = held_controls(controls)
    steps = [[names[i] for i in np.flatnonzero(row)] for row in value["keys"]]
    look = (0.0, 0.0)
    if "look" in value:
        mouse = controls.get("mouseAxes") or []
        look = (float(value["look"][0]) if "x" in mouse else 0.0, float(value["look"][1]) if "y" in mouse else 0.0)
    axes = None
    if "axes" in value:
        axes = [{a: float(v) for a, v in zip(controls["axes"], row) if v != 0} for row in value["axes"]]
    return Action(chunk=Chunk(look=look, steps=steps, axes=axes))
