/**
 * What a remote agent says of itself and of its decisions reaches the record: the hello's name and client,
 * the frame encoding it asked for, and a built chunk's reasoning and usage (the Python package's defects).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentLinkServer, RemoteAgent, RunJson, parseLatencySource, runMatch } from '../gateway/index.js';
import { AGENT_LINK_VERSION } from '../protocol/index.js';
import { probeEntry } from './support/probe-game.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
let link: AgentLinkServer;
const clients: RawClient[] = [];
beforeEach(async () => {
  runs = tempRunsDir();
  link = await AgentLinkServer.listen();
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await link.close();
  runs.cleanup();
});

/** A client that says `hello` (with `extra` fields) and answers every observation with `action(step)`. */
async function player(agent: RemoteAgent, extra: Record<string, unknown>, action: (step: number) => Record<string, unknown>): Promise<RawClient> {
  const c = await rawClient(link.url);
  clients.push(c);
  c.ws.on('message', () => {
    const last = c.messages[c.messages.length - 1]!;
    if (last.type === 'observation') c.send({ type: 'action', step: last.step, ...action(last.step as number) });
  });
  c.send({ type: 'hello', version: AGENT_LINK_VERSION, token: agent.token, agent: 'raw', ...extra });
  return c;
}

function remote(): RemoteAgent {
  const agent = new RemoteAgent(0);
  link.register(agent);
  return agent;
}

const play = (agent: RemoteAgent, label?: string) =>
  runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 2, slots: [{ slot: 0, agent, ...(label ? { label } : {}) }] });

const forward = (): Record<string, unknown> => ({ chunk: { look: [0, 0], steps: [['W']] } });

describe('AgentLink identity and what a decision says', () => {
  it('keeps the reasoning and usage of an action sent as a built chunk', async () => {
    const agent = remote();
    await player(agent, {}, (step) => ({ ...forward(), reasoning: `walk ${step}`, usage: { tokensIn: 10 + step, tokensOut: 3 } }));
    const result = await play(agent);
    const decisions = readRun(result.dir).decisions;
    expect(decisions.map((d) => d.status)).toEqual(['valid', 'valid']);
    expect(decisions.map((d) => d.reasoning)).toEqual(['walk 0', 'walk 1']);
    expect(decisions.map((d) => d.usage)).toEqual([{ tokensIn: 10, tokensOut: 3 }, { tokensIn: 11, tokensOut: 3 }]);
  });

  it('names the slot by the hello and records the client in run.json', async () => {
    const agent = remote();
    await player(agent, { agent: 'my-policy', client: { name: 'arena-gateway', version: '9.9.9' } }, forward);
    const result = await play(agent);
    const { meta, decisions } = readRun(result.dir);
    const run = RunJson.parse(meta);
    expect(run.agents[0]).toMatchObject({ kind: 'remote', label: 'my-policy', joined: { name: 'my-policy', client: { name: 'arena-gateway', version: '9.9.9' } } });
    expect(run.conditions?.agents[0]).toMatchObject({ kind: 'remote', label: 'my-policy' });
    expect(result.players[0]!.label).toBe('my-policy');
    expect(decisions.map((d) => d.agent)).toEqual(['my-policy', 'my-policy']);
  });

  it('keeps a label the match configured over the hello name', async () => {
    const agent = remote();
    await player(agent, { agent: 'my-policy' }, forward);
    const result = await play(agent, 'arm-a');
    const run = RunJson.parse(readRun(result.dir).meta);
    expect(run.agents[0]).toMatchObject({ label: 'arm-a', joined: { name: 'my-policy' } });
    expect(result.players[0]!.label).toBe('arm-a');
  });

  it('sends raw RGB frames to an agent whose hello asks for them, and says so in the conditions', async () => {
    const agent = remote();
    const c = await player(agent, { frame: 'rgb' }, forward);
    const result = await play(agent);
    const frames = c.messages.filter((m) => m.type === 'observation').map((m) => m.frame as { encoding: string; width: number; height: number; data: Uint8Array });
    expect(frames.map((f) => f.encoding)).toEqual(['rgb', 'rgb']);
    expect(frames[0]!.data.byteLength).toBe(frames[0]!.width * frames[0]!.height * 3);
    expect(RunJson.parse(readRun(result.dir).meta).conditions?.agents[0]).toMatchObject({ frameEncoding: 'rgb' });
  });

  it('tells the agent with each observation how its previous decision was settled', async () => {
    const agent = remote();
    const c = await player(agent, {}, (step) => (step === 0 ? { answer: 'no action here' } : forward()));
    await runMatch({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'lcrt', observationDelayMs: 0, stepBudget: 3, slots: [{ slot: 0, agent, latency: parseLatencySource('synthetic:250') }] });
    const decided = c.messages.filter((m) => m.type === 'observation').map((m) => m.decided as { step: number; status: string; chargedMs: number } | undefined);
    expect(decided[0]).toBeUndefined();
    expect(decided.slice(1).map((d) => [d!.step, d!.status, d!.chargedMs])).toEqual([
      [0, 'invalid', 250],
      [1, 'valid', 250],
    ]);
  });
});

describe('run.json agents', () => {
  const base = { runId: 'r', game: 'g', variant: 'v', seed: 1, clock: 'pdq', status: 'complete' };
  it('accepts an agent that joined with a name and a client', () => {
    expect(RunJson.safeParse({ ...base, agents: [{ slot: 0, kind: 'remote', label: 'p', latency: 'wall', joined: { name: 'p', client: { name: 'arena-gateway', version: '0.1.0' } } }] }).success).toBe(true);
  });

  it('refuses a joined client without its version', () => {
    expect(RunJson.safeParse({ ...base, agents: [{ slot: 0, kind: 'remote', label: 'p', latency: 'wall', joined: { name: 'p', client: { name: 'arena-gateway' } } }] }).success).toBe(false);
  });
});
