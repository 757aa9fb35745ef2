"""Differential harness: plays answers through a local checkout of the benchmark's runner and prints its calls.

Reads JSON from stdin: {"checkout": PATH, "cases": [{"game": ID, "chunkSteps": N, "answer": TEXT}]}.
For each case it asks the runner's own VLM agent (its `act`, with a backend that returns the answer) for an
action, then plays that action with the runner's own chunked adapter on the runner's own UE5 client, whose
socket is replaced by one that keeps the bytes, on a virtual clock. Prints JSON: per case `empty` (the agent
gave up on empty answers), `done` (its terminal no-op), and `calls` ([ms, wire line]).

Nothing of the runner is copied: its modules are imported from the checkout. Package `__init__` files that
pull in what this machine lacks (PIL, model clients, the benchmark runner) are replaced by empty packages,
and PIL by a stand-in that only names `Image.Image` (the agent uses it in annotations alone).
"""

import importlib
import json
import os
import sys
import types


def empty_package(name, path):
    mod = types.ModuleType(name)
    mod.__path__ = [path]
    sys.modules[name] = mod


def load(checkout):
    root = os.path.join(checkout, "omni_game_arena")
    sys.path.insert(0, checkout)
    pil = types.ModuleType("PIL")
    image = types.ModuleType("PIL.Image")
    image.Image = type("Image", (), {})
    pil.Image = image
    sys.modules["PIL"] = pil
    sys.modules["PIL.Image"] = image
    for pkg in ("benchmark", "adapters", "models", "env"):
        empty_package(f"omni_game_arena.{pkg}", os.path.join(root, pkg))
    backends = types.ModuleType("omni_game_arena.models.backends")
    backends.Backend = object
    backends.pick_backend = lambda *a, **k: None
    sys.modules["omni_game_arena.models.backends"] = backends
    games = importlib.import_module("omni_game_arena.benchmark.games")
    adapter = importlib.import_module("omni_game_arena.adapters.keyboard_mouse_chunked")
    vlm = importlib.import_module("omni_game_arena.models.vlm")
    methods = importlib.import_module("omni_game_arena.prompts.methods")
    client = importlib.import_module("omni_game_arena.env.client_ue5")
    return games, adapter, vlm, methods, client


class Answers:
    """A backend that returns one answer to every request."""

    def __init__(self, text):
        self.text = text
        self.last_decision_latency_s = None
        self.last_decision_latency_source = None

    def chat(self, messages):
        return self.text

    def make_image_content(self, image):
        return {"type": "image"}


class Wire:
    """A socket that keeps what is sent, stamped with the virtual clock."""

    def __init__(self, clock):
        self.clock = clock
        self.lines = []

    def sendall(self, data):
        for line in data.decode("utf-8").split("\n"):
            if line:
                self.lines.append([round(self.clock[0] * 1000, 6), line])


def agent_for(vlm, methods, answer):
    agent = object.__new__(vlm.VLMAgent)
    agent.model = "differential"
    agent.method = methods.get_method("lumine")
    agent.backend = Answers(answer)
    agent.history_len = 3
    agent.history_reasoning_len = 0
    agent.game = None
    agent.include_history_actions = True
    agent.empty_response_max_attempts = 5
    from collections import deque

    agent._history = deque(maxlen=3)
    agent.last_vlm_response = ""
    agent.last_decision_latency_s = None
    agent.last_decision_latency_source = None
    agent.experience = ""
    agent.system_experience = ""
    agent.recap_blocks = None
    agent.recap_messages = None
    agent.recap_transition_text = ""
    return agent


def run_case(mods, case):
    games, adapter_mod, vlm, methods, client_mod = mods
    spec = games.get_game(case["game"])
    adapter = adapter_mod.KeyboardMouseChunkedAdapter(
        key_bindings=spec.key_bindings,
        mouse_axes=spec.mouse_axes,
        chunk_steps=case["chunkSteps"],
        tap_keys=spec.tap_keys,
    )
    agent = agent_for(vlm, methods, case["answer"])
    try:
        action = agent.act({"image": None}, "", adapter.action_schema)
    except vlm.EmptyModelResponseError:
        return {"empty": True, "done": False, "calls": []}
    clock = [0.0]
    wire = Wire(clock)
    ue = client_mod.UE5Client()
    ue.connected = True
    ue.sock = wire
    timed = adapter.start_timed_action(ue, action)
    while not timed.done:
        clock[0] += timed.next_delay_s()
        timed.advance_event()
    return {"empty": False, "done": bool(action.get("done")), "calls": wire.lines}


def main():
    request = json.load(sys.stdin)
    mods = load(request["checkout"])
    out = [run_case(mods, c) for c in request["cases"]]
    json.dump({"results": out}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
