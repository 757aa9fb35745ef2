"""A VLM agent in Python: each observation's JPEG goes to an OpenAI-compatible model, whose answer is the action.

The call's own time is reported as the provider's, so under lcrt with the `provider` latency source the game
is charged the model's time, not Python's.

    python examples/python/vlm_agent.py http://127.0.0.1:8000/v1 MODEL
"""
import base64
import json
import sys
import time
import urllib.request

from arena_gateway import Action, Timings, Usage
from arena_gateway.agents import Agent, play_match


class VlmAgent(Agent):
    name = "vlm-python"

    def __init__(self, base_url: str, model: str) -> None:
        self.url, self.model = base_url.rstrip("/") + "/chat/completions", model

    def start(self, welcome):
        self.system = welcome.game_prompt

    def act(self, obs):
        image = "data:image/jpeg;base64," + base64.b64encode(obs.jpeg).decode()
        text = obs.feedback or f"Game time {obs.sim_ms / 1000:.1f} s. Your next action?"
        body = {"model": self.model, "messages": [
            {"role": "system", "content": self.system},
            {"role": "user", "content": [{"type": "text", "text": text}, {"type": "image_url", "image_url": {"url": image}}]},
        ]}
        request = urllib.request.Request(self.url, json.dumps(body).encode(), {"Content-Type": "application/json"})
        started = time.perf_counter()
        with urllib.request.urlopen(request, timeout=120) as response:
            reply = json.load(response)
        took_ms = (time.perf_counter() - started) * 1000
        usage = reply.get("usage") or {}
        return Action(answer=reply["choices"][0]["message"]["content"], timings=Timings(provider_ms=took_ms),
                      usage=Usage(tokens_in=usage.get("prompt_tokens"), tokens_out=usage.get("completion_tokens")))


if __name__ == "__main__":
    config = {"game": "last_stand", "clock": "lcrt", "agents": [{"kind": "remote", "latency": "provider"}], "stepBudget": 5}
    end, result = play_match(VlmAgent(sys.argv[1], sys.argv[2]), config)
    print(f"ended by {end.reason}, progress {end.progress:.3f}; record: {result['dir']}")
