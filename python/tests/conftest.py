"""Fixtures over real processes: one ``arena serve`` for the session (warm, so resets cost a game launch) and the checkout.

Every test plays real matches of the checkout's gateway (``$ARENA_CHECKOUT``, else this package's checkout)
on loopback port 0.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena_gateway.match import find_checkout
from arena_gateway.service import Service


@pytest.fixture(scope="session")
def checkout() -> Path:
    return find_checkout()


class ServeProcess:
    """An ``arena serve --port 0`` child with its runs folder."""

    def __init__(self, checkout: Path) -> None:
        self.runs = Path(tempfile.mkdtemp(prefix="arena-py-serve-"))
        self.proc = subprocess.Popen(
            ["node", str(checkout / "bin" / "arena.js"), "serve", "--port", "0", "--runs", str(self.runs), "--no-web"],
            cwd=checkout, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        url = None
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if "listening " in line:
                url = line.split("listening ", 1)[1].strip()
                break
        if url is None:
            raise RuntimeError(f"arena serve exited ({self.proc.wait()}) before listening")
        self.service = Service(url, (self.runs / ".serve" / "token").read_text().strip())

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        shutil.rmtree(self.runs, ignore_errors=True)


@pytest.fixture(scope="session")
def serve(checkout: Path) -> Iterator[ServeProcess]:
    s = ServeProcess(checkout)
    yield s
    s.stop()


@pytest.fixture(scope="session")
def service(serve: ServeProcess) -> Service:
    return serve.service


@pytest.fixture()
def runs_dir(tmp_path: Path) -> Path:
    return tmp_path / "runs"


#: Small, short episodes: every test's matches use these unless it needs otherwise.
QUICK = {"frame": (32, 24), "steps": 3, "obs_delay_ms": 100}


def pytest_report_header() -> str:
    return f"arena checkout: {os.environ.get('ARENA_CHECKOUT') or find_checkout()}"
