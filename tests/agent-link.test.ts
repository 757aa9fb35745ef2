import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentLinkServer, RemoteAgent, runMatch } from '../gateway/index.js';
import { AGENT_LINK_VERSION, CloseCode } from '../protocol/index.js';
import { probeEntry } from './support/probe-game.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
let link: AgentLinkServer;
const children: ChildProcess[] = [];
const clients: RawClient[] = [];
beforeEach(async () => {
  runs = tempRunsDir();
  link = await AgentLinkServer.listen();
});
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const c of clients.splice(0)) c.ws.terminate();
  await link.close();
  runs.cleanup();
});

const tsx = createRequire(import.meta.url).resolve('tsx');

/** Runs the example client as its own process; resolves with its stdout when it exits. */
function exampleClient(token: string, policy = 'forward'): Promise<string> {
  const child = spawn(process.execPath, ['--import', tsx, 'examples/agent-link-client.ts', link.url, token, policy], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((resolve) => child.on('exit', () => resolve(out)));
}

function remote(slot: number, options: ConstructorParameters<typeof RemoteAgent>[1] = {}): RemoteAgent {
  const agent = new RemoteAgent(slot, { frameEncoding: 'rgb', ...options });
  link.register(agent);
  return agent;
}

async function joined(token: string): Promise<RawClient> {
  const c = await rawClient(link.url);
  clients.push(c);
  c.send({ type: 'hello', version: AGENT_LINK_VERSION, token, agent: 'raw' });
  return c;
}

describe('AgentLink', () => {
  it('lets the example client in another process play a whole match', async () => {
    const agent = remote(0);
    const client = exampleClient(agent.token);
    const result = await runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 5, slots: [{ slot: 0, agent }] });
    const out = await client;
    expect(result.status).toBe('complete');
    expect(result.players[0]!.decisions).toBe(5);
    expect(result.players[0]!.invalid).toBe(0);
    expect(out).toContain('joined slot 0 of probe');
    expect(out).toMatch(/end: step_budget/);
    // The game saw the client's W held for three steps in every chunk.
    const downs = readRun(result.dir).events.filter((e) => e.name === 'input' && e.data?.key === 'W' && e.data.down === true);
    expect(downs.map((e) => e.data!.at)).toEqual([0, 360, 720, 1080, 1440]);
  });

  it('takes a chunk built by the client as well as an answer text', async () => {
    const agent = remote(0);
    const client = exampleClient(agent.token, 'chunk');
    const result = await runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 2, slots: [{ slot: 0, agent }] });
    await client;
    expect(readRun(result.dir).decisions.map((d) => d.status)).toEqual(['valid', 'valid']);
  });

  it('sends each of two remote agents only its own slot\'s view', async () => {
    const a = remote(0);
    const b = remote(1);
    const ca = await joined(a.token);
    const cb = await joined(b.token);
    const answer = (c: RawClient): void => {
      c.ws.on('message', () => {
        const last = c.messages[c.messages.length - 1]!;
        if (last.type === 'observation') c.send({ type: 'action', step: last.step, answer: '<|action_start|>0 0 0 ; W <|action_end|>' });
      });
    };
    answer(ca);
    answer(cb);
    const result = await runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 3, slots: [{ slot: 0, agent: a }, { slot: 1, agent: b }] });
    expect(result.status).toBe('complete');
    const views = (c: RawClient): number[][] => c.messages.filter((m) => m.type === 'observation').map((m) => Array.from((m.frame as { data: Uint8Array }).data.subarray(6, 9)));
    // The probe paints slot 0 red and slot 1 blue.
    expect(views(ca)).toEqual([[200, 40, 40], [200, 40, 40], [200, 40, 40]]);
    expect(views(cb)).toEqual([[40, 40, 200], [40, 40, 200], [40, 40, 200]]);
    expect(ca.messages.find((m) => m.type === 'welcome')!.slot).toBe(0);
    expect(cb.messages.find((m) => m.type === 'welcome')!.slot).toBe(1);
  });

  it('refuses a wrong token with BAD_TOKEN and changes nothing else', async () => {
    const agent = remote(0);
    const intruder = await joined('f'.repeat(32));
    expect((await intruder.closed).code).toBe(CloseCode.BAD_TOKEN);
    expect(agent.connected).toBe(false);
  });

  it('refuses a second client on a taken slot with SLOT_TAKEN and keeps the first', async () => {
    const agent = remote(0);
    await joined(agent.token);
    await new Promise<void>((resolve) => {
      const check = (): void => (agent.connected ? resolve() : void setTimeout(check, 5));
      check();
    });
    const second = await joined(agent.token);
    expect((await second.next((m) => m.type === 'error')).code).toBe('SLOT_TAKEN');
    expect((await second.closed).code).toBe(CloseCode.SLOT_TAKEN);
    expect(agent.connected).toBe(true);
  });

  it('closes a client that sends bytes that are not msgpack with BAD_MESSAGE', async () => {
    const c = await rawClient(link.url);
    clients.push(c);
    c.sendBytes(new Uint8Array([0xc1, 0xc1]));
    expect((await c.closed).code).toBe(CloseCode.BAD_MESSAGE);
  });

  it('closes a client that sends an oversized message with TOO_LARGE', async () => {
    const agent = remote(0);
    const c = await joined(agent.token);
    c.send({ type: 'action', step: 0, answer: 'x'.repeat(40_000), reasoning: 'y'.repeat(60_000), pad: new Uint8Array(300_000) });
    expect((await c.closed).code).toBe(CloseCode.TOO_LARGE);
  });

  it('closes a client whose agent name is over 128 characters with BAD_MESSAGE, not TOO_LARGE', async () => {
    const agent = remote(0);
    const c = await rawClient(link.url);
    clients.push(c);
    c.send({ type: 'hello', version: AGENT_LINK_VERSION, token: agent.token, agent: 'a'.repeat(129) });
    expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_MESSAGE');
    expect((await c.closed).code).toBe(CloseCode.BAD_MESSAGE);
  });

  it('refuses an action before any hello with BAD_STATE', async () => {
    const c = await rawClient(link.url);
    clients.push(c);
    c.send({ type: 'action', step: 0, answer: 'W' });
    expect((await c.closed).code).toBe(CloseCode.BAD_STATE);
  });

  it('answers an action for the wrong step with BAD_STATE and keeps the link', async () => {
    const agent = remote(0);
    const c = await joined(agent.token);
    c.ws.on('message', () => {
      const last = c.messages[c.messages.length - 1]!;
      if (last.type !== 'observation') return;
      c.send({ type: 'action', step: (last.step as number) + 7, answer: 'stale' });
      c.send({ type: 'action', step: last.step, answer: '<|action_start|>0 0 0 ; W <|action_end|>' });
    });
    const result = await runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 2, slots: [{ slot: 0, agent }] });
    expect(result.status).toBe('complete');
    expect(c.messages.filter((m) => m.type === 'error').map((m) => m.code)).toEqual(['BAD_STATE', 'BAD_STATE']);
  });

  it("charges ttfb_minus_tcp from the timed request's stages a remote agent reports (timings.http), and records them", async () => {
    const agent = remote(0, { clock: 'lcrt' });
    const c = await joined(agent.token);
    const http = { tcpMs: 20, tlsMs: 0, sendMs: 1, ttfbMs: 320, downloadMs: 4, wallMs: 345 };
    c.ws.on('message', () => {
      const last = c.messages[c.messages.length - 1]!;
      if (last.type === 'observation') c.send({ type: 'action', step: last.step, answer: '<|action_start|>0 0 0 ; W <|action_end|>', timings: { wallMs: 350, http } });
    });
    const result = await runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'lcrt', observationDelayMs: 0, stepBudget: 2, slots: [{ slot: 0, agent, latency: { kind: 'ttfb_minus_tcp' } }] });
    expect(result.status, result.error?.message).toBe('complete');
    const decisions = readRun(result.dir).decisions as { chargedMs: number; timings: { http?: unknown } }[];
    expect(decisions.map((d) => d.chargedMs)).toEqual([300, 300]);
    expect(decisions.map((d) => d.timings.http)).toEqual([http, http]);
  });

  it('ends the match with AGENT_GONE when the agent leaves and does not come back, keeping the record', async () => {
    const agent = remote(0, { reconnectGraceMs: 200 });
    const c = await joined(agent.token);
    c.ws.on('message', () => {
      const last = c.messages[c.messages.length - 1]!;
      if (last.type !== 'observation') return;
      if (last.step === 2) c.ws.terminate();
      else c.send({ type: 'action', step: last.step, answer: '<|action_start|>0 0 0 ; W <|action_end|>' });
    });
    const result = await runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, slots: [{ slot: 0, agent }] });
    expect(result.status).toBe('incomplete');
    expect(result.error?.code).toBe('AGENT_GONE');
    const run = readRun(result.dir);
    expect(run.meta.failure?.class).toBe('agent');
    expect(run.decisions.length).toBe(3);
  });

  it('picks up the decision in flight when a dropped agent reconnects within the grace', async () => {
    const agent = remote(0, { reconnectGraceMs: 5000 });
    const first = await joined(agent.token);
    first.ws.on('message', () => {
      const last = first.messages[first.messages.length - 1]!;
      if (last.type !== 'observation') return;
      if (last.step === 1) {
        first.ws.terminate();
        void joined(agent.token).then((second) => {
          second.ws.on('message', () => {
            const m = second.messages[second.messages.length - 1]!;
            if (m.type === 'observation') second.send({ type: 'action', step: m.step, answer: '<|action_start|>0 0 0 ; S <|action_end|>' });
          });
        });
      } else first.send({ type: 'action', step: last.step, answer: '<|action_start|>0 0 0 ; W <|action_end|>' });
    });
    const result = await runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 4, slots: [{ slot: 0, agent }] });
    expect(result.status).toBe('complete');
    expect(result.players[0]!.decisions).toBe(4);
  });

  it('lets a Python client play through the same protocol', async () => {
    const python = '/usr/bin/python3';
    const probe = spawn(python, ['-c', 'import websockets, msgpack'], { stdio: 'ignore' });
    const usable = await new Promise<boolean>((resolve) => {
      probe.on('exit', (code) => resolve(code === 0));
      probe.on('error', () => resolve(false));
    });
    if (!usable) {
      process.stderr.write('skipping the Python AgentLink client: /usr/bin/python3 lacks websockets and msgpack (apt-get install python3-websockets python3-msgpack)\n');
      return;
    }
    const agent = remote(0);
    const child = spawn(python, ['examples/agent_link_client.py', link.url, agent.token], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const result = await runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 3, slots: [{ slot: 0, agent }] });
    await exited;
    expect(result.status).toBe('complete');
    expect(result.players[0]).toMatchObject({ decisions: 3, invalid: 0 });
    expect(out).toContain('joined slot 0 of probe');
  });
});
