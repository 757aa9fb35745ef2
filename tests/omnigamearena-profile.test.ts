/**
 * The omnigamearena profile against a RemoteInput emulator, for every one of the twelve games: what the
 * driver executes for a set of answers (valid, padded, truncated, tag typo, no mouse, taps) is the runner's
 * timeline to the millisecond, what reaches the build is the runner's key, button, look and console stream,
 * and the episode's score is the runner's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getGame, parseRunnerAnswer, runnerEntry, runnerTimeline, RUNNER_GAMES, RUNNER_UNITS_PER_DEGREE, type GameEntry, type RunnerGame } from '../games-manifest/index.js';
import { defaultAxisName, defaultFKey } from '../game-host/index.js';
import { runMatch } from '../gateway/index.js';
import type { InputEvent } from '../protocol/index.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { approxTokens, createVlmAgent, PLAIN_USER_TURN } from '../agents/index.js';
import { resolveAttempt } from '../plans/index.js';
import { runCurve } from '../reflection/index.js';
import { tournamentCommand } from '../scripts/commands/tournament.js';
import { startFakeProvider } from './support/fake-provider.js';
import { startFakeRemoteInput, type FakeRemoteInput } from './support/fake-remote-input.js';
import { readRun, tempRunsDir } from './support/run-dir.js';
import { ScriptAgent } from './support/test-agents.js';

let fake: FakeRemoteInput | undefined;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  for (const c of cleanups.splice(0)) await c();
});

/** Three answers per game: a chunk under the tag typo, one too long (truncated), one too short (padded) with the game's tap if it has one. */
function answersFor(game: RunnerGame): string[] {
  const [k1, k2] = [game.controls[0]!, game.controls[1]!];
  const head = game.mouseAxes.length === 2 ? '12.5 -3 ; ' : game.mouseAxes.length === 1 ? '-20 ; ' : '';
  const long = Array.from({ length: game.chunkSteps + 2 }, (_, i) => (i % 2 === 0 ? k1 : `${k1} ${k2}`)).join(' ; ');
  const tap = game.taps[0];
  return [
    `I move.\n<|action_start|}${head}${k1} ; ${k1} ${k2} ; ${k2}<|action_end|>`,
    `<|action_start|>${head}${long}<|action_end|>`,
    `<|action_start|>${head}${tap ? `${k1} ${tap} ; ${k1} ; ${tap}` : k2}<|action_end|>`,
  ];
}

/** What the build receives for one input of the timeline. */
function wire(e: InputEvent): Record<string, unknown> {
  if (e.type === 'key') return { type: 'key', key: defaultFKey(e.key), event: e.down ? 'pressed' : 'released' };
  if (e.type === 'button') return { type: 'mouse_button', button: e.button, event: e.down ? 'pressed' : 'released' };
  if (e.type === 'move') throw new Error('the benchmark games take no moves');
  if (e.type === 'axis') return { type: 'axis', axis: defaultAxisName(e.axis), value: e.value };
  return { type: 'mouse', dx: e.dx * RUNNER_UNITS_PER_DEGREE, dy: e.dy * RUNNER_UNITS_PER_DEGREE };
}

const maps = (id: string): Record<string, string> => ({ origin: `/Game/Fixture/${id}` });

/** The game's entry under the profile, pointed at the emulator's ports, with no map wait. */
function buildEntry(id: string, build: FakeRemoteInput): GameEntry {
  const shaped = runnerEntry(getGame(id), RUNNER_GAMES[id]!, { kind: 'remote-input', host: '127.0.0.1', port: build.ports[0]! }, maps(id));
  return { ...shaped, launch: { ...(shaped.launch as Extract<GameEntry['launch'], { kind: 'remote-input' }>), ports: [...build.ports], mapWaitMs: 0 } };
}

describe('the omnigamearena profile on a RemoteInput build', () => {
  for (const game of Object.values(RUNNER_GAMES)) {
    it(`${game.id}: executes the runner's timeline and sends its stream`, async () => {
      const base = getGame(game.id);
      fake = await startFakeRemoteInput({}, base.slots.length);
      const entry = buildEntry(game.id, fake);
      const answers = answersFor(game);
      const runs = tempRunsDir();
      cleanups.push(runs.cleanup);
      fake.score = game.score.range.max === 1 ? 0.5 : 3;
      const result = await runMatch({
        game: game.id,
        entry,
        profile: 'omnigamearena',
        clock: 'pdq',
        stepBudget: answers.length,
        observationDelayMs: 0,
        runsDir: runs.dir,
        slots: base.slots.map((s) => ({ slot: s.slot, agent: new ScriptAgent(answers.map((answer) => ({ answer }))) })),
      });
      expect(result.status).toBe('complete');
      expect(result.reason).toBe('step_budget');
      const run = readRun(result.dir);
      expect(run.meta.profile).toBe('omnigamearena');
      // What the driver executed: the runner's timeline, to the millisecond.
      for (const d of run.decisions) {
        const parsed = parseRunnerAnswer(answers[d.step as number]!, game);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) continue;
        expect(d.status).toBe('valid');
        expect(d.inputs).toEqual(runnerTimeline(parsed.chunk, game, d.slot as number).inputs);
      }
      // What the build received, per player: the runner's stream in its order, look in 2057/360 units per degree.
      for (const [slot, port] of fake.ports.entries()) {
        const got = fake.received.filter((r) => r.port === port && ['key', 'mouse_button', 'mouse'].includes(String(r.line.type))).map((r) => r.line);
        const expected = answers.flatMap((a) => {
          const parsed = parseRunnerAnswer(a, game);
          return parsed.ok ? runnerTimeline(parsed.chunk, game, slot).inputs.map(wire) : [];
        });
        // Releases on reset and close of keys nobody holds are not sent, so the streams are equal.
        expect(got).toEqual(expected);
      }
      const consoles = fake.received.filter((r) => r.port === fake!.ports[0] && r.line.type === 'console').map((r) => String(r.line.command));
      expect(consoles[0]).toBe(`open /Game/Fixture/${game.id}`);
      expect(fake.received.some((r) => r.line.type === 'reset')).toBe(false);
      // The runner's score: raw per player, a Coop team's sum.
      const expectedScores = game.score.team === 'sum' ? [fake.score * base.slots.length] : base.slots.map(() => fake!.score);
      expect(result.benchmark?.scores).toEqual(expectedScores);
    }, 30_000);
  }
});

describe('the omnigamearena profile: empty answers', () => {
  async function play(answers: string[]): Promise<{ result: Awaited<ReturnType<typeof runMatch>>; agent: ScriptAgent }> {
    fake = await startFakeRemoteInput({}, 1);
    const entry = buildEntry('last_stand', fake);
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const agent = new ScriptAgent(answers.map((answer) => ({ answer })));
    const result = await runMatch({ game: 'last_stand', entry, profile: 'omnigamearena', stepBudget: 1, observationDelayMs: 0, runsDir: runs.dir, slots: [{ slot: 0, agent }] });
    return { result, agent };
  }

  it('asks again after an empty answer and plays the answer that comes', async () => {
    const { result, agent } = await play(['', ' ', '', '', '<|action_start|>0 0 ; W<|action_end|>']);
    expect(agent.observations).toHaveLength(5);
    expect(result.status).toBe('complete');
    expect(result.players[0]!.invalid).toBe(0);
  });

  it('skips the episode with MODEL_EMPTY after five empty answers, classed for a rerun', async () => {
    const { result, agent } = await play(['']);
    expect(agent.observations).toHaveLength(5);
    expect(result.status).toBe('incomplete');
    expect(result.error).toMatchObject({ code: 'MODEL_EMPTY', class: 'infrastructure' });
  });
});

describe('the omnigamearena profile: the VLM agent', () => {
  it("keeps only answers the runner's grammar reads in its history, 2 long in monster_shoot, and is told the runner's format", async () => {
    const provider = await startFakeProvider();
    cleanups.push(() => provider.close());
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const valid = (n: number): string => `Plan ${n}.\n<|action_start|>${n} 0 ; W LMB ; LMB<|action_end|>`;
    provider.script({ text: valid(1) }, { text: 'I cannot decide.' }, { text: valid(2) }, { text: valid(3) }, { text: valid(4) });
    const agent = createVlmAgent({ baseUrl: provider.url, model: 'fake-vlm', maxSide: 160, retryBaseMs: 10 });
    const result = await runMatch({ game: 'monster_shoot', profile: 'omnigamearena', stepBudget: 5, observationDelayMs: 0, runsDir: runs.dir, slots: [{ slot: 0, agent }] });
    expect(result.status).toBe('complete');
    const requests = provider.completions().map((r) => r.body as { messages: { role: string; content: unknown }[] });
    expect(requests).toHaveLength(5);
    const assistants = (i: number): unknown[] => requests[i]!.messages.filter((m) => m.role === 'assistant').map((m) => m.content);
    expect(assistants(2)).toEqual([valid(1)]);
    expect(assistants(4)).toEqual([valid(2), valid(3)]);
    const system = String(requests[0]!.messages[0]!.content);
    expect(system).toContain('<|action_start|>X Y ; keys1 ; keys2 ; keys3 ; keys4 ; keys5<|action_end|>');
    expect(result.players[0]!.invalid).toBe(1);
    // Every user turn is the same plain request, past and current.
    const userTexts = requests[4]!.messages.filter((m) => m.role === 'user').map((m) => (m.content as { type: string; text?: string }[]).find((p) => p.type === 'text')?.text);
    expect(userTexts).toEqual([PLAIN_USER_TURN, PLAIN_USER_TURN, PLAIN_USER_TURN]);
  }, 60_000);
});

describe('the omnigamearena profile in a curve', () => {
  it("plays the curve's episodes on the build with the runner's timeline", async () => {
    const game = RUNNER_GAMES.last_stand!;
    fake = await startFakeRemoteInput({}, 1);
    const entry = buildEntry('last_stand', fake);
    const dir = tempRunsDir();
    cleanups.push(dir.cleanup);
    const provider = await startFakeProvider();
    cleanups.push(() => provider.close());
    const answer = '<|action_start|}4 0 ; W ; W D<|action_end|>';
    const state = await runCurve({
      dir: dir.dir,
      entry,
      resolve: resolveAttempt,
      settings: { game: 'last_stand', rounds: 0, episodes: 1, heldOut: [], reflector: { model: 'fake-reflector' }, match: { profile: 'omnigamearena', stepBudget: 2, observationDelayMs: 0 } },
      makePlayer: () => new ScriptAgent([{ answer }]),
      reflector: new OpenAI({ baseURL: provider.url, apiKey: 'none', maxRetries: 0 }),
      countTokens: approxTokens,
    });
    expect(state.rounds).toHaveLength(1);
    const parsed = parseRunnerAnswer(answer, game);
    if (!parsed.ok) throw new Error('not parsed');
    const once = runnerTimeline(parsed.chunk, game, 0).inputs.map(wire);
    const got = fake.received.filter((r) => ['key', 'mouse_button', 'mouse'].includes(String(r.line.type))).map((r) => r.line);
    expect(got).toEqual([...once, ...once]);
  }, 60_000);
});

describe('the omnigamearena profile in a tournament', () => {
  it('plays every match of the tournament on the build under the profile', async () => {
    fake = await startFakeRemoteInput({}, 1);
    const out = tempRunsDir();
    cleanups.push(out.cleanup);
    const mapsFile = join(import.meta.dirname, 'fixtures/omnigamearena-checkout/configs/maps.yaml');
    const code = await tournamentCommand(['--game', 'last_stand', '--agents', 'random,idle', '--episodes', '1', '--profile', 'omnigamearena', '--env', `remote-input://127.0.0.1:${fake.ports[0]!}`, '--maps', mapsFile, '--steps', '1', '--obs-delay', '0', '--out', out.dir, '--quiet']);
    expect(code).toBe(0);
    const runs = readdirSync(join(out.dir, 'runs'));
    expect(runs).toHaveLength(2);
    for (const r of runs) expect(readRun(join(out.dir, 'runs', r)).meta.profile).toBe('omnigamearena');
    const opens = fake.received.filter((r) => r.line.type === 'console' && String(r.line.command).startsWith('open ')).map((r) => r.line.command);
    expect(opens).toEqual(['open /Game/Test/Stand', 'open /Game/Test/Stand']);
  }, 120_000);
});

describe("the omnigamearena profile: the agent's done", () => {
  it('ends the episode when an answer without an action says the game is over', async () => {
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const agent = new ScriptAgent([{ answer: '<|action_start|>0 0 ; W<|action_end|>' }, { answer: 'The game is over.' }]);
    // No latency for the first decision, which the profile makes with the world running.
    const latency = { kind: 'synthetic', ms: 0, jitterMs: 0, seed: 0 } as const;
    const result = await runMatch({ game: 'last_stand', profile: 'omnigamearena', stepBudget: 10, observationDelayMs: 0, runsDir: runs.dir, slots: [{ slot: 0, agent, latency }] });
    expect(result).toMatchObject({ status: 'complete', reason: 'agent_done' });
    expect(result.players[0]!.decisions).toBe(2);
    // The no-op the "done" became ran first, as the runner's step runs it: two chunks of 6 x 120 ms.
    expect(result.simMs).toBe(2 * 6 * 120);
  }, 60_000);

  it('never ends a match under our own profile that way', async () => {
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const agent = new ScriptAgent([{ answer: 'The game is over.' }]);
    const result = await runMatch({ game: 'last_stand', stepBudget: 2, observationDelayMs: 0, runsDir: runs.dir, slots: [{ slot: 0, agent }] });
    expect(result.reason).toBe('step_budget');
  }, 60_000);
});

describe('the omnigamearena profile: score readings on a build', () => {
  async function playWith(id: string, scores: number[]): Promise<{ result: Awaited<ReturnType<typeof runMatch>>; dir: string }> {
    fake = await startFakeRemoteInput({}, 1);
    const f = fake;
    const entry = buildEntry(id, f);
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    // Each decision sets what the build reports after its chunk.
    const agent = new ScriptAgent((obs) => {
      f.score = scores[obs.step] ?? 0;
      return { answer: '<|action_start|>0 0 ; W<|action_end|>' };
    });
    const result = await runMatch({ game: id, entry, profile: 'omnigamearena', stepBudget: scores.length, observationDelayMs: 0, runsDir: runs.dir, slots: [{ slot: 0, agent }] });
    return { result, dir: result.dir };
  }

  it('keeps the last reading where the runner does, and the largest for CueChase', async () => {
    expect((await playWith('scene_escape', [5, 3])).result.benchmark).toMatchObject({ scores: [3], progress: [0.3] });
    await fake?.close();
    expect((await playWith('cue_chase', [5, 3])).result.benchmark).toMatchObject({ scores: [5], progress: [0.5] });
  }, 60_000);

  it('reports every reading outside the declared range as an event and keeps it unclamped', async () => {
    const { result, dir } = await playWith('obstacle_run_2d', [0.5, 1.5]);
    const events = readRun(dir).events.filter((e) => e.name === 'score_out_of_range');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ score: 1.5, min: 0, max: 1 });
    expect(result.benchmark?.scores).toEqual([1.5]);
    expect(result.benchmark?.outOfRange).toEqual([{ slot: 0, value: 1.5 }]);
  }, 60_000);
});
