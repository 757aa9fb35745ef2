"""Start a match of the gateway as a child process (``arena match --agent remote``) and find its slots.

The child is the checkout's ``bin/arena.js`` (the checkout is ``$ARENA_CHECKOUT``, else the folder this
package was installed from in editable mode). It runs with ``--json``, so it announces each remote slot's
AgentLink URL and token and the run's folder as JSON lines on stderr, listens on a free port (port 0) and
prints its result as JSON on stdout when the match is over.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ArenaError

_CLI_ERROR = re.compile(r"^arena: ([A-Z_]+): (.*)$")


def find_checkout() -> Path:
    """The arena-gateway checkout whose ``bin/arena.js`` starts matches: ``$ARENA_CHECKOUT``, else the one this package sits in."""
    env = os.environ.get("ARENA_CHECKOUT")
    candidates = [Path(env)] if env else []
    candidates.append(Path(__file__).resolve().parents[3])
    for c in candidates:
        if (c / "bin" / "arena.js").is_file():
            return c
    raise ArenaError("BAD_CONFIG", f"no arena-gateway checkout (bin/arena.js) at {', '.join(map(str, candidates))}; set ARENA_CHECKOUT")


@dataclass(frozen=True)
class SlotTicket:
    """What joins one slot: the AgentLink URL and the slot's token."""

    slot: int
    url: str
    token: str


class MatchProcess:
    """One ``arena match`` child playing ``config`` (a match configuration, docs/cli.md); ``start`` returns its remote slots."""

    def __init__(self, config: dict[str, Any], *, checkout: Path | None = None, node: str | None = None) -> None:
        self.config = config
        self.checkout = checkout or find_checkout()
        self.node = node or shutil.which("node") or "node"
        self.run_dir: Path | None = None
        self.result: dict[str, Any] | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._tickets: dict[int, SlotTicket] = {}
        self._stderr_tail: list[str] = []
        self._announced = threading.Condition()
        self._config_file: str | None = None
        self._stdout: bytes = b""
        self._stdout_done = threading.Event()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    def start(self, timeout_s: float = 90.0) -> list[SlotTicket]:
        """Starts the child and waits until every remote slot is announced (the child's own error code if it fails first)."""
        remote = sum(1 for a in self.config.get("agents", []) if a.get("kind") == "remote")
        fd, self._config_file = tempfile.mkstemp(prefix="arena-match-", suffix=".json")
        with os.fdopen(fd, "w") as f:
            json.dump(self.config, f)
        cmd = [self.node, str(self.checkout / "bin" / "arena.js"), "match", "--config", self._config_file, "--json", "--quiet"]
        self._proc = subprocess.Popen(cmd, cwd=self.checkout, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        threading.Thread(target=self._read_stderr, daemon=True).start()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        deadline = time.monotonic() + timeout_s
        with self._announced:
            while len(self._tickets) < remote:
                if self._proc.poll() is not None:
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    self.kill()
                    raise ArenaError("GAME_TIMEOUT", f"the match did not announce its slots within {timeout_s} s")
                self._announced.wait(min(left, 0.5))
        if len(self._tickets) < remote:
            self.wait(10)
            raise self._failure("the match process exited before its slots were announced")
        return [self._tickets[s] for s in sorted(self._tickets)]

    def wait(self, timeout_s: float = 60.0) -> dict[str, Any] | None:
        """Waits for the child to exit and returns its result (None when it printed none)."""
        if self._proc is None:
            return None
        try:
            self._proc.wait(timeout_s)
        except subprocess.TimeoutExpired as err:
            raise ArenaError("GAME_TIMEOUT", f"the match process did not exit within {timeout_s} s") from err
        self._stdout_done.wait(5)
        self._cleanup()
        text = self._stdout.decode("utf-8", "replace").strip().splitlines()
        for line in reversed(text):
            try:
                self.result = json.loads(line)
                break
            except json.JSONDecodeError:
                continue
        return self.result

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def exit_error(self) -> ArenaError:
        """The error a dead child leaves: its own ``arena: CODE: message`` line, else MATCH_GONE."""
        return self._failure("the match process exited")

    def kill(self) -> None:
        """Ends the child (SIGKILL) and waits for it."""
        if self._proc is not None and self._proc.poll() is None:
            self._proc.kill()
            self._proc.wait(10)
        self._cleanup()

    def _failure(self, what: str) -> ArenaError:
        for line in reversed(self._stderr_tail):
            m = _CLI_ERROR.match(line)
            if m:
                return ArenaError(m.group(1), m.group(2))
        code = self._proc.returncode if self._proc else None
        return ArenaError("MATCH_GONE", f"{what} (exit {code}): {' | '.join(self._stderr_tail[-5:])}")

    def _cleanup(self) -> None:
        if self._config_file and os.path.exists(self._config_file):
            os.unlink(self._config_file)
        self._config_file = None

    def _read_stderr(self) -> None:
        assert self._proc is not None and self._proc.stderr is not None
        for raw in self._proc.stderr:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            event = _json_line(line)
            with self._announced:
                if event and event.get("type") == "remote-slot":
                    self._tickets[int(event["slot"])] = SlotTicket(int(event["slot"]), str(event["url"]), str(event["token"]))
                elif event and event.get("type") == "run":
                    self.run_dir = (self.checkout / str(event["dir"])).resolve()
                else:
                    self._stderr_tail = (self._stderr_tail + [line])[-50:]
                self._announced.notify_all()

    def _read_stdout(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        self._stdout = self._proc.stdout.read()
        self._stdout_done.set()


def _json_line(line: str) -> dict[str, Any] | None:
    if not line.startswith("{"):
        return None
    try:
        value = json.loads(line)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None
