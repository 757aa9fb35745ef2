"""Matches on a running ``arena serve``: ``POST /api/matches`` with ``remote`` agents answers each slot's token.

A service is warm (its Node process and modules are loaded), so a match there starts in the time its game
takes to launch; this is how many short episodes (a vector of environments, a test suite) keep resets cheap.
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from .errors import ArenaError
from .match import SlotTicket


@dataclass(frozen=True)
class Service:
    """An ``arena serve`` at ``url`` (``http://HOST:PORT``) with a token allowed to create matches."""

    url: str
    token: str

    def create_match(self, config: dict[str, Any]) -> tuple[str, list[SlotTicket]]:
        """Creates a match job; its id (the run id) and its remote slots. The service's own codes are raised (UNKNOWN_GAME, BAD_CONFIG, UNAUTHORIZED)."""
        job = self.call("POST", "/api/matches", {k: v for k, v in config.items() if k != "runsDir"})
        link = job.get("agentLink") or {}
        return str(job["id"]), [SlotTicket(int(s["slot"]), str(link["url"]), str(s["token"])) for s in link.get("slots", [])]

    def match(self, job_id: str) -> dict[str, Any]:
        """The job record of a match: status, result, runId."""
        return self.call("GET", f"/api/matches/{job_id}")

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url.rstrip("/") + path, data=data, method=method, headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                reply: dict[str, Any] = json.loads(res.read() or b"{}")
                return reply
        except urllib.error.HTTPError as err:
            try:
                error = json.loads(err.read()).get("error", {})
            except (json.JSONDecodeError, AttributeError):
                error = {}
            raise ArenaError(str(error.get("code", "INTERNAL")), str(error.get("message", f"HTTP {err.code}"))) from err
        except (urllib.error.URLError, OSError) as err:
            raise ArenaError("MATCH_GONE", f"cannot reach the service at {self.url}: {err}") from err
