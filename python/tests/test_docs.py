"""docs/python.md's examples are the files in examples/python/, and each runs as written."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

EXAMPLES = ["random_agent.py", "vlm_agent.py", "vector_rl.py", "pvp_pettingzoo.py"]


def run_example(checkout: Path, name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(checkout / "examples" / "python" / name), *args], cwd=checkout, capture_output=True, text=True, timeout=240)


def test_the_docs_show_each_example_file_whole(checkout: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", (checkout / "docs" / "python.md").read_text(), re.S)
    assert blocks == [(checkout / "examples" / "python" / name).read_text() for name in EXAMPLES]


def test_the_random_agent_plays_an_episode(checkout: Path) -> None:
    done = run_example(checkout, "random_agent.py")
    assert done.returncode == 0, done.stderr
    assert re.search(r"^record: .*last_stand", done.stdout, re.M)


@pytest.fixture()
def model() -> Iterator[tuple[str, list[dict[str, object]]]]:
    """An OpenAI-compatible chat endpoint on port 0 that answers every request with one valid action."""
    asked: list[dict[str, object]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            asked.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            body = json.dumps({"choices": [{"message": {"role": "assistant", "content": "<|action_start|>0 0 0 ; W ; W <|action_end|>"}, "finish_reason": "stop"}], "usage": {"prompt_tokens": 900, "completion_tokens": 12}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1", asked
    server.shutdown()


def test_the_vlm_agent_plays_on_a_local_model_and_its_usage_is_recorded(checkout: Path, model: tuple[str, list[dict[str, object]]]) -> None:
    url, asked = model
    done = run_example(checkout, "vlm_agent.py", url, "local-model")
    assert done.returncode == 0, done.stderr
    run_dir = Path(re.search(r"record: (\S+)", done.stdout).group(1))  # type: ignore[union-attr]
    run_dir = run_dir if run_dir.is_absolute() else checkout / run_dir
    decisions = [json.loads(line) for line in (run_dir / "decisions.jsonl").read_text().splitlines()]
    assert [d["status"] for d in decisions] == ["valid"] * 5
    assert decisions[0]["usage"] == {"tokensIn": 900, "tokensOut": 12}
    assert decisions[0]["latencySource"] == "provider"
    assert len(asked) == 5 and asked[0]["model"] == "local-model"


def test_the_vector_rl_loop_runs(checkout: Path) -> None:
    done = run_example(checkout, "vector_rl.py")
    assert done.returncode == 0, done.stderr
    assert "mean progress per step by held key" in done.stdout


def test_the_pvp_example_plays_both_seatings(checkout: Path) -> None:
    done = run_example(checkout, "pvp_pettingzoo.py")
    assert done.returncode == 0, done.stderr
    assert re.search(r"^\['python', 'python'\] progress gained: \{'player_0': .*'player_1'", done.stdout, re.M)
    assert re.search(r"^\['python', 'scripted'\] progress gained: \{'player_0': [^,]*\}$", done.stdout, re.M)
    assert len(re.findall(r"^record: .*sky_duel", done.stdout, re.M)) == 2
