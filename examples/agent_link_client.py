"""A complete AgentLink client in Python: joins a slot with its token and answers every observation.

It holds the game's first key for two steps and, in a game that takes a gamepad's left stick, pushes the
stick forward too (`LY=1`, an AXIS=VALUE token among the step's keys).

Needs the `websockets` and `msgpack` modules (Debian: python3-websockets python3-msgpack; pip: websockets msgpack).

    python3 examples/agent_link_client.py ws://127.0.0.1:8765/agent <token>
"""
import asyncio
import sys

import msgpack
import websockets


async def play(url: str, token: str) -> None:
    async with websockets.connect(url, max_size=16 * 1024 * 1024) as ws:
        await ws.send(msgpack.packb({"type": "hello", "version": 1, "token": token, "agent": "python-example"}))
        keys = ["W"]
        stick = ""
        async for raw in ws:
            msg = msgpack.unpackb(raw)
            kind = msg["type"]
            if kind == "welcome":
                keys = msg["controls"]["keys"] or keys
                stick = " LY=1" if "LY" in (msg["controls"].get("axes") or []) else ""
                print(f"joined slot {msg['slot']} of {msg['game']}", flush=True)
            elif kind == "observation":
                frame = msg["frame"]
                print(f"observation {msg['step']} at {msg['simMs']} ms: {frame['width']}x{frame['height']} "
                      f"{frame['encoding']} ({len(frame['data'])} bytes)", flush=True)
                answer = f"<|action_start|>0 0 0 ; {keys[0]}{stick} ; {keys[0]}{stick} <|action_end|>"
                await ws.send(msgpack.packb({"type": "action", "step": msg["step"], "answer": answer}))
            elif kind == "end":
                print(f"end: {msg['reason']} progress {msg['progress']} outcome {msg['outcome']}", flush=True)
            elif kind == "error":
                print(f"error: {msg['code']}: {msg['message']}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: agent_link_client.py <url> <token>")
    try:
        asyncio.run(play(sys.argv[1], sys.argv[2]))
    except websockets.ConnectionClosed:
        pass
