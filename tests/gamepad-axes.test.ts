/**
 * Gamepad axes end to end: a remote agent in another process sends axes over AgentLink (a built chunk and
 * the answer text), the game takes them at the game times the chunk compiler gives, the run records them
 * and re-simulates; our RemoteInput server logs each axis with its game time; a build under the benchmark
 * profile receives them as the runner's `axis` commands; a game refuses an axis it does not declare.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentLinkServer, compileChunk, RemoteAgent, resimulate, runMatch } from '../gateway/index.js';
import { serveGame, SimulationBackend } from '../games/index.js';
import { serveRemoteInput, type GameServer, type RemoteInputServer } from '../game-host/index.js';
import { getGame, runnerEntry, RUNNER_GAMES, withGamepad, type GameEntry } from '../games-manifest/index.js';
import { LastStandState } from '../games/last-stand/index.js';
import { launchInProcess } from './support/in-process-game.js';
import { expectRunReplays } from './support/verify-run.js';
import { CloseCode, GAME_LINK_VERSION, type ActionChunk, type InputEvent } from '../protocol/index.js';
import { probeEntry, probeGame, probePadEntry } from './support/probe-game.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { readRun, tempRunsDir } from './support/run-dir.js';
import { startFakeRemoteInput, type FakeRemoteInput } from './support/fake-remote-input.js';
import { ScriptAgent } from './support/test-agents.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const tsx = createRequire(import.meta.url).resolve('tsx');

/** Runs the example AgentLink client with the `pad` policy as its own process; resolves with its stdout. */
function padClient(url: string, token: string): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, ['--import', tsx, 'examples/agent-link-client.ts', url, token, 'pad'], { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => child.kill('SIGKILL'));
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((resolve) => child.on('exit', () => resolve(out)));
}

/** The pad policy's chunk on the probe (6 steps a chunk, so 3 steps of W): left stick forward, swept left to right. */
const PAD_CHUNK: ActionChunk = { look: { dx: 0, dy: 0 }, steps: [['W'], ['W'], ['W']], axes: [{ LX: -0.5, LY: 1 }, { LY: 1 }, { LX: 0.5, LY: 1 }] };

/** A runs dir, an AgentLink server and slot 0's remote agent registered on it, all closed after the test. */
async function remoteSlot(): Promise<{ runs: { dir: string }; link: AgentLinkServer; agent: RemoteAgent }> {
  const runs = tempRunsDir();
  cleanups.push(runs.cleanup);
  const link = await AgentLinkServer.listen();
  cleanups.push(() => link.close());
  const agent = new RemoteAgent(0, { frameEncoding: 'rgb' });
  link.register(agent);
  return { runs, link, agent };
}

const axisOf = (e: InputEvent): string => (e.type === 'axis' ? `${e.axis}=${e.value}` : '');

describe('gamepad axes through AgentLink', () => {
  it('a remote agent sends axes as a built chunk and as text; the game takes them to the ms; the record re-simulates', async () => {
    const { runs, link, agent } = await remoteSlot();
    const client = padClient(link.url, agent.token);
    const result = await runMatch({ game: 'probe', entry: probePadEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 4, slots: [{ slot: 0, agent }] });
    expect(await client).toMatch(/end: step_budget/);
    expect(result.status).toBe('complete');
    expect(result.players[0]!.invalid).toBe(0);

    const run = readRun(result.dir);
    const expected = compileChunk(PAD_CHUNK, probePadEntry.controls, 0).inputs;
    expect(expected.filter((e) => e.type === 'axis').map((e) => `${e.at} ${axisOf(e)}`)).toEqual(['0 LX=-0.5', '0 LY=1', '120 LX=0', '240 LX=0.5', '360 LX=0', '360 LY=0']);
    // Recorded like keys: the chunk with its axis maps, and the executed schedule with its axis inputs.
    expect(run.decisions).toHaveLength(4);
    for (const d of run.decisions) {
      expect(d.chunk).toEqual(PAD_CHUNK);
      expect(d.inputs).toEqual(expected);
    }
    // The game took each axis input at its chunk's start plus its offset, to the ms.
    const starts = run.ledger.filter((l) => l.kind === 'placement').map((l) => l.chunkStartMs as number);
    const took = run.events.filter((e) => e.name === 'input' && e.data?.kind === 'axis').map((e) => `${String(e.data!.at)} ${String(e.data!.axis)}=${String(e.data!.value)}`);
    // (What is due at the end of the match's last advance, keys as well as axes, comes after the game's last report.)
    const due = starts.flatMap((start) => expected.filter((e) => e.type === 'axis' && start + e.at < result.simMs).map((e) => `${start + e.at} ${axisOf(e)}`));
    expect(took).toEqual(due);
    expect(due).toHaveLength(4 * 6 - 2);

    const report = await resimulate(result.dir, { entry: probePadEntry });
    expect(report.mismatch).toBeUndefined();
    expect(report.checked.decisions).toBe(4);
    expect(report.checked.events).toBeGreaterThanOrEqual(took.length);
    // The replay plays the recorded axis values: one changed in the record is caught at its decision.
    const path = join(result.dir, 'decisions.jsonl');
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    lines[2] = lines[2]!.replace('"axis":"LX","value":0.5', '"axis":"LX","value":0.25');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const tampered = await resimulate(result.dir, { entry: probePadEntry });
    expect(tampered.mismatch).toMatchObject({ what: 'event', step: 2 });
  }, 60_000);
});

describe('gamepad axes from the Python example client', () => {
  it('pushes the left stick in a game that takes one, as AXIS=VALUE tokens in its answer', async () => {
    const { runs, link, agent } = await remoteSlot();
    const child = spawn('/usr/bin/python3', ['examples/agent_link_client.py', link.url, agent.token], { stdio: ['ignore', 'ignore', 'pipe'] });
    cleanups.push(() => child.kill('SIGKILL'));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const result = await runMatch({ game: 'probe', entry: probePadEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 2, slots: [{ slot: 0, agent }] });
    await exited;
    expect(result.players[0]).toMatchObject({ decisions: 2, invalid: 0 });
    const run = readRun(result.dir);
    expect(run.decisions.map((d) => d.chunk)).toEqual([0, 1].map(() => ({ look: { dx: 0, dy: 0 }, steps: [['W'], ['W']], axes: [{ LY: 1 }, { LY: 1 }] })));
  }, 60_000);
});

describe('last_stand with its gamepad', () => {
  const answer = '<|action_start|>0 0 0 ; LY=1 ; LY=1 ; LY=0.5 LX=0.5 <|action_end|>';
  it('walks on the left stick, records the axes and re-simulates; without --gamepad the same answer is an unknown control', async () => {
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const agent = new ScriptAgent([{ answer }], { privileged: true });
    const result = await runMatch({ game: 'last_stand', entry: withGamepad(getGame('last_stand')), launch: launchInProcess, runsDir: runs.dir, clock: 'pdq', stepBudget: 2, slots: [{ slot: 0, agent }] });
    expect(result.status).toBe('complete');
    expect(result.players[0]!.invalid).toBe(0);
    const run = readRun(result.dir);
    expect(run.decisions[0]!.chunk).toEqual({ look: { dx: 0, dy: 0 }, steps: [[], [], []], axes: [{ LY: 1 }, { LY: 1 }, { LX: 0.5, LY: 0.5 }] });
    // The stick walked the player forward (at yaw 0, +z) and a little to the right.
    const [before, after] = agent.observations.map((o) => LastStandState.parse(o.state).player);
    expect(after!.z - before!.z).toBeGreaterThan(1);
    expect(after!.x).toBeGreaterThan(before!.x);
    await expectRunReplays(result.dir);

    const plain = await runMatch({ game: 'last_stand', launch: launchInProcess, runsDir: runs.dir, clock: 'pdq', stepBudget: 1, slots: [{ slot: 0, agent: new ScriptAgent([{ answer }]) }] });
    expect(readRun(plain.dir).decisions[0]).toMatchObject({ status: 'invalid', invalidReason: 'BAD_CONTROL', invalidDetail: "'LY=1' is not a control of this game" });
  }, 60_000);
});

describe('gamepad axes at the GameLink host', () => {
  async function inEpisode(entry: GameEntry): Promise<RawClient> {
    const server: GameServer = await serveGame(probeGame, { entry });
    cleanups.push(() => server.close());
    const c = await rawClient(`ws://127.0.0.1:${server.port}`);
    cleanups.push(() => c.ws.terminate());
    c.send({ type: 'hello', version: GAME_LINK_VERSION, client: 'test', privileged: false });
    const hello = await c.next((m) => m.type === 'hello');
    expect((hello.capabilities as { controls: { axes?: string[] } }).controls.axes).toEqual(entry.controls.axes);
    c.send({ type: 'reset', id: 1, seed: 1, variant: 'origin', slots: [0], frame: { width: 32, height: 16, encoding: 'rgb' } });
    await c.next((m) => m.type === 'done');
    return c;
  }
  const axis = (name: string, value: number): object => ({ type: 'axis', at: 0, slot: 0, axis: name, value });

  it('takes an axis the game declares and refuses one it does not with BAD_INPUT', async () => {
    const c = await inEpisode(probePadEntry);
    c.send({ type: 'advance', id: 2, ms: 10, inputs: [axis('LX', -1), axis('RT', 0.5)], frames: [] });
    expect((await c.next((m) => m.type === 'done' || m.type === 'error')).type).toBe('done');
    c.send({ type: 'advance', id: 3, ms: 10, inputs: [axis('LT', 1)], frames: [] });
    const err = await c.next((m) => m.type === 'error');
    expect([err.code, err.id]).toEqual(['BAD_INPUT', 3]);
    expect(err.message).toMatch(/no gamepad axis LT/);
  });

  it('closes on an axis value outside its range with BAD_MESSAGE, like any field of the wrong type', async () => {
    const c = await inEpisode(probePadEntry);
    c.send({ type: 'advance', id: 2, ms: 10, inputs: [axis('RT', -0.5)], frames: [] });
    expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_MESSAGE');
    expect((await c.closed).code).toBe(CloseCode.BAD_MESSAGE);
  });

  it('refuses any axis to a game without axes with BAD_INPUT', async () => {
    const c = await inEpisode(probeEntry);
    c.send({ type: 'advance', id: 2, ms: 10, inputs: [axis('LX', 0.5)], frames: [] });
    expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_INPUT');
  });
});

describe('gamepad axes on a RemoteInput build', () => {
  it('our RemoteInput server takes the exact axis stream, each at the game time its advance gives', async () => {
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const log: { input: InputEvent; simMs: number }[] = [];
    const server: RemoteInputServer = await serveRemoteInput(new SimulationBackend(probeGame), { port: 0, entry: probePadEntry, paused: true, onInput: (input, simMs) => log.push({ input, simMs }) });
    cleanups.push(() => server.close());
    const entry: GameEntry = { ...probePadEntry, launch: { kind: 'remote-input', host: '127.0.0.1', ports: [...server.ports], basePort: server.ports[0]! } };
    const chunks: ActionChunk[] = [PAD_CHUNK, { look: { dx: 0, dy: 0 }, steps: [[], ['S']], axes: [{ RT: 1 }, { RX: -0.25, RT: 1 }] }];
    const agent = new ScriptAgent(chunks.map((chunk) => ({ chunk })));
    const result = await runMatch({ game: 'probe', entry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 2, slots: [{ slot: 0, agent }] });
    expect(result.status, result.error?.message).toBe('complete');
    const run = readRun(result.dir);
    const executed = run.decisions.map((d) => (d.inputs as InputEvent[]).filter((e) => e.type === 'axis'));
    // The stream: every axis setting of every chunk, in order, nothing else on the axes.
    expect(log.filter((l) => l.input.type === 'axis').map((l) => axisOf(l.input))).toEqual(executed.flat().map(axisOf));
    expect(executed.map((list) => list.map(axisOf))).toEqual([
      ['LX=-0.5', 'LY=1', 'LX=0', 'LX=0.5', 'LX=0', 'LY=0'],
      ['RT=1', 'RX=-0.25', 'RX=0', 'RT=0'],
    ]);
    // Game times: inputs at a chunk's start go in while the world is frozen at its start, those at its end after
    // the freeze at its end, and the rest in between (played out on the wall clock, so only bounded here).
    const advances = run.ledger.filter((l) => l.kind === 'advance').map((l) => ({ end: l.simMs as number, start: (l.simMs as number) - (l.actualMs as number) }));
    expect(advances).toHaveLength(2);
    let i = 0;
    for (const [k, list] of executed.entries()) {
      const { start, end } = advances[k]!;
      const duration = chunks[k]!.steps.length * probePadEntry.controls.stepMs;
      for (const e of list) {
        const t = log.filter((l) => l.input.type === 'axis')[i++]!.simMs;
        if (e.at === 0) expect(t).toBe(start);
        else if (e.at === duration) expect(t).toBe(end);
        else expect(t >= start && t <= end).toBe(true);
      }
    }
  }, 30_000);

  it("a build under the benchmark profile receives the runner's axis commands", async () => {
    const fake: FakeRemoteInput = await startFakeRemoteInput({}, 1);
    cleanups.push(() => fake.close());
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const shaped = runnerEntry(getGame('last_stand'), RUNNER_GAMES.last_stand!, { kind: 'remote-input', host: '127.0.0.1', port: fake.ports[0]! }, { origin: '/Game/Fixture/last_stand' });
    const entry: GameEntry = { ...shaped, launch: { ...(shaped.launch as Extract<GameEntry['launch'], { kind: 'remote-input' }>), mapWaitMs: 0 } };
    expect(entry.controls.axes).toEqual(['LX', 'LY', 'RX', 'RY', 'LT', 'RT']);
    const chunk: ActionChunk = { look: { dx: 0, dy: 0 }, steps: [['W'], []], axes: [{ LY: 1, LT: 0.5 }, { RX: -1 }] };
    const result = await runMatch({ game: 'last_stand', entry, profile: 'omnigamearena', clock: 'pdq', stepBudget: 1, observationDelayMs: 0, runsDir: runs.dir, slots: [{ slot: 0, agent: new ScriptAgent([{ chunk }]) }] });
    expect(result.status, result.error?.message).toBe('complete');
    const sent = fake.received.filter((r) => r.line.type === 'axis').map((r) => r.line);
    expect(sent).toEqual([
      { type: 'axis', axis: 'Gamepad_LeftY', value: 1 },
      { type: 'axis', axis: 'Gamepad_LeftTriggerAxis', value: 0.5 },
      { type: 'axis', axis: 'Gamepad_LeftY', value: 0 },
      { type: 'axis', axis: 'Gamepad_RightX', value: -1 },
      { type: 'axis', axis: 'Gamepad_LeftTriggerAxis', value: 0 },
      { type: 'axis', axis: 'Gamepad_RightX', value: 0 },
    ]);
  }, 30_000);
});
