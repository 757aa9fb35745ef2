/**
 * The far end of the end-to-end benchmark, run as its own process: a bare client that takes frames and asks
 * for the next at once, timing them on its own clock from the first frame to the last.
 *
 *   node --import tsx scripts/bench/e2e-client.ts agent-link <url> <token>   (an AgentLink agent)
 *   node --import tsx scripts/bench/e2e-client.ts relay <url> <frames>       (a client of a bare ws relay)
 *
 * It prints one JSON line at the end: `{"frames": N, "ms": T, "cpuMs": C, "bytes": B}` (T from the first frame to the last,
 * C the process's CPU time from the first frame to the report).
 */
import { WebSocket } from 'ws';
import { decodeMessageData, encodeMessage, GatewayMessage, messageSchema } from '../../protocol/index.js';

const [mode, url, arg] = process.argv.slice(2);
if ((mode !== 'agent-link' && mode !== 'relay') || !url || !arg) {
  process.stderr.write('usage: e2e-client.ts agent-link <url> <token> | relay <url> <frames>\n');
  process.exit(2);
}

const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
let frames = 0;
let bytes = 0;
let first = 0;
let last = 0;
let cpuFirst: NodeJS.CpuUsage | undefined;

function took(size: number): void {
  last = performance.now();
  if (frames === 0) {
    first = last;
    cpuFirst = process.cpuUsage();
  }
  frames++;
  bytes = size;
}

/** Prints the report; called as the last frame is taken, or with the one message after it. */
function report(): void {
  const used = process.cpuUsage(cpuFirst);
  process.stdout.write(`${JSON.stringify({ frames, ms: last - first, cpuMs: (used.user + used.system) / 1000, bytes })}\n`);
}

if (mode === 'relay') {
  const want = Number(arg);
  ws.on('open', () => ws.send('f'));
  ws.on('message', (data: Buffer) => {
    took(data.byteLength);
    if (frames < want) ws.send('f');
    else {
      report();
      ws.close(1000);
    }
  });
} else {
  // As the gateway's GameLink client takes frames: a large frame's bytes are its own fragment, never joined.
  const spec = messageSchema(GatewayMessage);
  ws.binaryType = 'fragments';
  ws.on('open', () => ws.send(encodeMessage({ type: 'hello', version: 1, token: arg, agent: 'bench-e2e' })));
  ws.on('message', (data: Buffer[]) => {
    const msg = decodeMessageData(data, spec);
    if (msg.type === 'observation') {
      took(msg.frame.data.byteLength);
      ws.send(encodeMessage({ type: 'action', step: msg.step, chunk: { look: [0, 0], steps: [['W']] } }));
    } else if (msg.type === 'end') report();
  });
}
ws.on('close', () => process.exit(0));
