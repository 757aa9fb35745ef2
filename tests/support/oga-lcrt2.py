"""Two-player lcrt harness: runs the benchmark runner's own strict lcrt scheduler on a virtual clock.

Reads JSON from stdin: {"checkout": PATH, "cases": [{"game": ID, "chunkSteps": N, "maxSteps": N, "obsDelayS": S,
"players": [{"turns": [[ANSWER, LATENCY_S], ...]}, {...}]}]}. Each player is the runner's own VLM agent (its `act`,
on a backend that returns the player's next scripted answer and reports its latency as the runner's backends do),
its own chunked adapter and its own UE5 client whose socket keeps the bytes. The runner's `_run_lcrt_scheduler_strict`
schedules them; its sleeps while the world runs advance the virtual clock instead of the wall. Prints JSON: per
case the scheduler's events (decision_ready, action_start, step: player, step, virtual ms), the stop reason and the
player who ended the match, and per player the lines its build received, [virtual ms, line].

Nothing of the runner is copied: its modules are imported from the checkout (with the loader of
oga-differential.py); modules the scheduler's file imports for recording and video are replaced by stand-ins.
"""

import importlib
import importlib.util
import json
import logging
import os
import sys
import threading
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("oga_differential", os.path.join(HERE, "oga-differential.py"))
differential = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(differential)


def stub(name, **attrs):
    mod = types.ModuleType(name)
    mod.__dict__.update(attrs)
    sys.modules[name] = mod


def load(checkout):
    mods = differential.load(checkout)
    sys.modules["omni_game_arena.models"].EmptyModelResponseError = mods[2].EmptyModelResponseError
    stub("omni_game_arena.eval.video_recorder", VideoRecorder=object)
    stub("omni_game_arena.benchmark.factory", build_agent_and_adapter=None)
    stub("omni_game_arena.benchmark.runner", _split_vlm_response=lambda text: ("", text), make_solo_env=None)
    stub("omni_game_arena.benchmark.frame_pack_wrapper", last_stats=lambda agent: None)
    two_player = importlib.import_module("omni_game_arena.benchmark.two_player")
    return mods, two_player


class Turns(differential.Answers):
    """A backend that returns the player's next scripted answer and reports its scripted latency."""

    def __init__(self, turns):
        super().__init__("")
        self.turns = list(turns)

    def chat(self, messages):
        text, latency = self.turns.pop(0) if self.turns else ("", 0.0)
        self.last_decision_latency_s = latency
        return text


class Client:
    """The runner's UE5 client on a wire that keeps the bytes; score and game-over reads answer at once."""

    def __init__(self, client_mod, clock):
        self.ue = client_mod.UE5Client()
        self.ue.connected = True
        self.ue.sock = differential.Wire(clock)
        self.ue.get_score = lambda *a, **k: None
        self.ue.check_game_over = lambda *a, **k: False


class Env:
    def __init__(self, client, obs_delay):
        self.client = client
        self.obs_delay = obs_delay
        self.step_count = 0
        self.start_time = time.time()
        self.max_score_seen = None

    def _make_observation(self):
        return {"image": None}

    def _update_max_score_seen(self, score):
        pass

    def pause(self):
        pass

    def resume(self):
        pass


class Recorder:
    def record(self, *args, **kwargs):
        pass

    def record_terminal_observation(self, *args, **kwargs):
        pass


def run_case(loaded, case):
    (games, adapter_mod, vlm, methods, client_mod), tp = loaded
    spec = games.get_game(case["game"])
    clock = [0.0]
    time.sleep = lambda s: clock.__setitem__(0, clock[0] + s)
    runtimes = {}
    clients = []
    for pid, player in enumerate(case["players"]):
        adapter = adapter_mod.KeyboardMouseChunkedAdapter(
            key_bindings=spec.key_bindings,
            mouse_axes=spec.mouse_axes,
            chunk_steps=case["chunkSteps"],
            tap_keys=spec.tap_keys,
        )
        agent = differential.agent_for(vlm, methods, "")
        agent.backend = Turns(player["turns"])
        client = Client(client_mod, clock)
        clients.append(client)
        spec_player = types.SimpleNamespace(player_index=pid)
        state = types.SimpleNamespace(recorder=Recorder(), lock=threading.Lock())
        runtimes[pid] = tp._PausedPlayerRuntime(
            player=spec_player, state=state, agent=agent, adapter=adapter,
            env=Env(client.ue, case["obsDelayS"]), obs={"image": None}, task="", schema=adapter.action_schema,
        )
    exp = types.SimpleNamespace(env=types.SimpleNamespace(max_steps=case["maxSteps"]))
    stop = tp._StopController()
    events = []
    tp._run_lcrt_scheduler_strict(
        runtimes=runtimes, exp=exp, game=spec, stop=stop, events=events, events_lock=threading.Lock(),
        match_start=time.time(), viewer=None, log=logging.getLogger("lcrt2"), log_vlm=False, live_vlm_only=False,
    )
    keep = ("decision_ready", "action_start", "step")
    out_events = []
    for e in events:
        if e.get("event") not in keep:
            continue
        t = e.get("ready_at_s") if e["event"] == "decision_ready" else e.get("virtual_t_s")
        out_events.append({"event": e["event"], "player": e["player_index"], "step": e["step"], "ms": round(t * 1000, 3), "at": round(e["virtual_t_s"] * 1000, 3)})
    return {
        "events": out_events,
        "reason": stop.reason,
        "endedBy": stop.player_index,
        "endMs": round(clock[0] * 1000, 3),
        "calls": [c.ue.sock.lines for c in clients],
    }


def main():
    request = json.load(sys.stdin)
    loaded = load(request["checkout"])
    logging.disable(logging.CRITICAL)
    out = [run_case(loaded, c) for c in request["cases"]]
    json.dump({"results": out}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
