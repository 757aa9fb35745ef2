"""arena-gateway's Python client: AgentLink agents (sync and asyncio) and Gymnasium environments over real matches.

``import arena_gateway.gym`` registers the ``arena/...`` environment ids (needs the ``gym`` extra).
"""
from __future__ import annotations

__version__ = "0.1.0"

from .errors import ArenaError  # noqa: E402
from .protocol import Action, Chunk, EpisodeEnd, Observation, Timings, Usage, Welcome  # noqa: E402

__all__ = ["__version__", "ArenaError", "Action", "Chunk", "EpisodeEnd", "Observation", "Timings", "Usage", "Welcome"]
