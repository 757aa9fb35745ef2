// Spectators for the bench, in a process of their own so their CPU is not the gateway's: reads one JSON line
// {"url": "ws://.../api/matches/ID/stream?..."} on stdin, opens N streams to it, and when every stream has seen
// the match end prints {"ages": [...], "frames": n} (frame age = arrival wall time - the gateway's capture time, ms).
import { WebSocket } from 'ws';

const count = Number(process.argv[2] ?? 1);
const ages = [];
let ended = 0;
let buffered = '';

function connect(url) {
  for (let i = 0; i < count; i++) {
    const ws = new WebSocket(url);
    ws.on('message', (data, isBinary) => {
      if (!isBinary) {
        const m = JSON.parse(data.toString('utf8'));
        if (m.type === 'end' && ++ended === count) {
          process.stdout.write(`${JSON.stringify({ ages, frames: ages.length })}\n`);
          process.exit(0);
        }
        return;
      }
      const len = data.readUInt32BE(0);
      const header = JSON.parse(data.subarray(4, 4 + len).toString('utf8'));
      ages.push(Date.now() - header.capturedAt);
    });
    ws.on('error', (err) => {
      process.stderr.write(`spectator: ${err.message}\n`);
      process.exit(1);
    });
  }
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => {
  buffered += d;
  const at = buffered.indexOf('\n');
  if (at >= 0) connect(JSON.parse(buffered.slice(0, at)).url);
});
