// A gateway that only says hello and holds the seat: usage hold-seat.mjs URL TOKEN. Prints ARENA_READY with
// the bridge's hello; says bye and exits on SIGTERM.
import { decode, encode } from '@msgpack/msgpack';
import WebSocket from 'ws';

const [url, token] = process.argv.slice(2);
const ws = new WebSocket(url);
ws.on('open', () => ws.send(encode({ type: 'hello', version: 1, client: 'hold-seat', privileged: false, token })));
ws.on('message', (data) => {
  const m = decode(data);
  process.stdout.write(`ARENA_READY ${JSON.stringify({ type: m.type, game: m.game, code: m.code })}\n`);
});
ws.on('close', (code) => process.exit(code === 1000 ? 0 : 2));
process.on('SIGTERM', () => {
  ws.send(encode({ type: 'bye', reason: 'done' }));
  ws.close(1000, 'bye');
});
