/**
 * A complete AgentLink client: joins a slot with its token, answers every observation with an action, and
 * exits when the match ends. It uses only `ws` and `@msgpack/msgpack`, nothing of the gateway, so it reads
 * like a client in any other language would. A test runs it against a real match.
 *
 *   node --import tsx examples/agent-link-client.ts ws://127.0.0.1:8765/agent <token> [policy]
 *
 * policy: `forward` (default: hold the first movement key), `chunk` (send a JSON chunk instead of text),
 * `garbage` (send answers that are not actions, to see them counted invalid), `pad` (push the left stick
 * forward and sweep it left to right, as a built chunk with one axis map per step on even observations and
 * as `AXIS=VALUE` tokens in the answer text on odd ones; only the axes the game declares).
 */
import { decode, encode } from '@msgpack/msgpack';
import { WebSocket } from 'ws';

const [url, token, policy = 'forward'] = process.argv.slice(2);
if (!url || !token) {
  process.stderr.write('usage: agent-link-client.ts <url> <token> [forward|chunk|garbage|pad]\n');
  process.exit(2);
}

interface Welcome {
  type: 'welcome';
  slot: number;
  game: string;
  controls: { keys: string[]; chunkSteps: number; axes?: string[] };
}
interface ObservationMsg {
  type: 'observation';
  step: number;
  simMs: number;
  frame: { width: number; height: number; encoding: string; data: Uint8Array };
}

/** The stick sweep of the `pad` policy: per step, the axis values among the game's axes. */
function padAxes(steps: number): Record<string, number>[] {
  const declared = new Set(welcome?.controls.axes ?? []);
  return Array.from({ length: steps }, (_, k) => {
    const wanted: Record<string, number> = { LY: 1, LX: steps > 1 ? -0.5 + k / (steps - 1) : 0 };
    return Object.fromEntries(Object.entries(wanted).filter(([axis, v]) => declared.has(axis) && v !== 0));
  });
}

function sendPad(step: number, steps: string[][]): void {
  const axes = padAxes(steps.length);
  if (step % 2 === 0) {
    send({ type: 'action', step, chunk: { look: [0, 0], steps, axes } });
    return;
  }
  const text = steps.map((keys, k) => [...keys, ...Object.entries(axes[k]!).map(([axis, v]) => `${axis}=${v}`)].join(' '));
  send({ type: 'action', step, answer: `<|action_start|>0 0 0 ; ${text.join(' ; ')} <|action_end|>` });
}

const ws = new WebSocket(url);
let welcome: Welcome | undefined;
let observations = 0;
const send = (message: object): void => ws.send(encode(message));

ws.on('open', () => send({ type: 'hello', version: 1, token, agent: `example-${policy}` }));
ws.on('message', (data: Buffer) => {
  const msg = decode(data) as { type: string } & Record<string, unknown>;
  switch (msg.type) {
    case 'welcome':
      welcome = msg as unknown as Welcome;
      process.stdout.write(`joined slot ${welcome.slot} of ${welcome.game}\n`);
      break;
    case 'observation': {
      const obs = msg as unknown as ObservationMsg;
      observations++;
      const key = welcome?.controls.keys[0] ?? 'W';
      const steps = Array.from({ length: Math.min(3, welcome?.controls.chunkSteps ?? 1) }, () => [key]);
      const started = Date.now();
      if (policy === 'pad') sendPad(obs.step, steps);
      else if (policy === 'chunk') send({ type: 'action', step: obs.step, chunk: { look: [0, 0], steps } });
      else if (policy === 'garbage') send({ type: 'action', step: obs.step, answer: 'I would rather not.' });
      else send({ type: 'action', step: obs.step, answer: `<|action_start|>0 0 0 ; ${steps.map((s) => s.join(' ')).join(' ; ')} <|action_end|>`, timings: { wallMs: Date.now() - started } });
      process.stdout.write(`observation ${obs.step} at ${obs.simMs} ms: ${obs.frame.width}x${obs.frame.height} ${obs.frame.encoding} (${obs.frame.data.byteLength} bytes)\n`);
      break;
    }
    case 'end':
      process.stdout.write(`end: ${String(msg.reason)} progress ${String(msg.progress)} outcome ${String(msg.outcome)} after ${observations} observations\n`);
      break;
    case 'error':
      process.stderr.write(`error: ${String(msg.code)}: ${String(msg.message)}\n`);
      break;
  }
});
ws.on('close', (code) => {
  process.stdout.write(`closed ${code}\n`);
  process.exit(0);
});
