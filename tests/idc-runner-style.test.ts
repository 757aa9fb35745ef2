/**
 * A curve in the benchmark runner's style on a RemoteInput emulator under the omnigamearena profile: round 0 is
 * adopted from an `arena tournament`'s cold-start runs (the curve's own agent only; a folder of another game or
 * agent is refused), the reflector must diagnose before it submits, the validator is a second model call whose
 * verdict is recorded, the lints of each round are shown to the reflector, a reflection without a skill is run
 * again, no round stops the curve early, and the runner's metrics are in the summary. Scores are the build's raw
 * benchmark scores, never clamped to 1.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approxTokens } from '../agents/index.js';
import { getGame, runnerEntry, RUNNER_GAMES, type GameEntry } from '../games-manifest/index.js';
import { resolveAttempt } from '../plans/index.js';
import { runCurve, VALIDATOR_SYSTEM_PROMPT, type CurveSettingsInput } from '../reflection/index.js';
import { tournamentCommand } from '../scripts/commands/tournament.js';
import { curveCommand } from '../scripts/commands/curve.js';
import { importCommand } from '../scripts/commands/import.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { startFakeRemoteInput, type FakeRemoteInput } from './support/fake-remote-input.js';
import { isError } from './support/error-match.js';
import { tempRunsDir } from './support/run-dir.js';
import { ScriptAgent } from './support/test-agents.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MAPS = join(import.meta.dirname, 'fixtures/omnigamearena-checkout/configs/maps.yaml');

function buildEntry(build: FakeRemoteInput): GameEntry {
  const shaped = runnerEntry(getGame('last_stand'), RUNNER_GAMES.last_stand!, { kind: 'remote-input', host: '127.0.0.1', port: build.ports[0]! }, { origin: '/Game/Test/Stand' });
  return { ...shaped, launch: { ...(shaped.launch as Extract<GameEntry['launch'], { kind: 'remote-input' }>), ports: [...build.ports], mapWaitMs: 0 } };
}

/** Cold-start runs of `random` and `idle` on the build, as `arena tournament --profile omnigamearena` writes them, with the build reporting `score`. */
async function coldStart(build: FakeRemoteInput, score: number): Promise<string> {
  const out = tempRunsDir();
  cleanups.push(out.cleanup);
  build.score = score;
  const code = await tournamentCommand(['--game', 'last_stand', '--agents', 'random,idle', '--episodes', '2', '--profile', 'omnigamearena', '--env', `remote-input://127.0.0.1:${build.ports[0]!}`, '--maps', MAPS, '--steps', '1', '--obs-delay', '0', '--out', out.dir, '--quiet']);
  expect(code).toBe(0);
  return out.dir;
}

const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
const SKILL_1 = '- keep the crosshair on the nearest threat';
const SKILL_2 = '- keep the crosshair on the nearest threat\n- back away while you turn';

function settings(roundZero: string, rounds: number): CurveSettingsInput {
  return {
    game: 'last_stand',
    rounds,
    episodes: 1,
    heldOut: [],
    reflector: { model: 'fake-reflector', maxSubmissions: 1 },
    match: { profile: 'omnigamearena', stepBudget: 1, observationDelayMs: 0 },
    player: { kind: 'random' },
    runner: { roundZero, validatorModel: 'fake-judge' },
  };
}

describe('a curve in the runner style on the build', () => {
  let provider: FakeProvider;

  /** The emulated build, the fake provider and the cold-start runs of a tournament on the build reporting `score`. */
  async function setUp(score: number): Promise<{ build: FakeRemoteInput; runs: string }> {
    const build = await startFakeRemoteInput({}, 1);
    cleanups.push(() => build.close());
    provider = await startFakeProvider();
    cleanups.push(() => provider.close());
    return { build, runs: await coldStart(build, score) };
  }

  it('adopts round 0, requires the diagnosis, records the verdicts and lints, plays every round and reports the metrics', async () => {
    const { build, runs } = await setUp(7);
    const dir = tempRunsDir();
    cleanups.push(dir.cleanup);
    provider.script(
      // Reflection on round 0: a submit before any diagnosis is refused, then diagnosis, validation (ok), submit.
      call('submit', { skill: SKILL_1, notebook: 'r0: 7', diagnosis: '' }),
      call('submit_diagnosis', { diagnosis: 'The player never aimed.', deletions: [], additions: ['aiming'], referenced_signals: [] }),
      call('validate_skill', { skill: SKILL_1 }),
      { text: '## Issues found\nnone\n\nVerdict: ok' },
      call('submit', { skill: SKILL_1, notebook: 'r0: 7', diagnosis: '' }),
      // Reflection on round 1: a rejected submit uses up the only submission, so the reflection is run again.
      call('submit_diagnosis', { diagnosis: 'One bullet is too little.', deletions: [], additions: ['retreat'], referenced_signals: ['EMPTY_SKILL_DOWNSTREAM'] }),
      call('validate_skill', { skill: '- jump over the third gap' }),
      { text: 'Names a feature of this map.\nVerdict: needs_revision' },
      call('submit', { skill: '- jump over the third gap', notebook: 'r1: 9', diagnosis: 'x' }),
      call('submit_diagnosis', { diagnosis: 'Rebuilt a baseline.', deletions: [], additions: ['retreat'] }),
      call('submit', { skill: SKILL_2, notebook: 'r1: 9', diagnosis: 'rebuilt the baseline' }),
    );
    const perRound = [9, 8];
    const state = await runCurve({
      dir: dir.dir,
      entry: buildEntry(build),
      resolve: resolveAttempt,
      settings: settings(runs, 2),
      makePlayer: (_skill, ctx) =>
        new ScriptAgent(() => {
          build.score = perRound[(ctx.round ?? 1) - 1]!;
          return { answer: '<|action_start|>0 0 ; W<|action_end|>' };
        }),
      reflector: new OpenAI({ baseURL: provider.url, apiKey: 'none', maxRetries: 0 }),
      countTokens: approxTokens,
    });

    // Round 0: the two cold-start runs of `random`, copied in, with the raw score 7 (not clamped to 1).
    const r0 = state.rounds[0]!;
    expect(r0.coldStart).toMatchObject({ from: runs, otherSetup: 0, otherAgents: 2, notPlayed: 0 });
    expect(r0.coldStart!.runs).toHaveLength(2);
    expect(r0.episodes.map((e) => e.score)).toEqual([7, 7]);
    for (const e of r0.episodes) expect(existsSync(join(dir.dir, e.dir, 'run.json'))).toBe(true);
    // Every round played although 7 is far above the success threshold, with the build's raw scores.
    expect(state.stop).toEqual({ reason: 'rounds', round: 2 });
    expect(state.rounds.map((r) => r.mean)).toEqual([7, 9, 8]);

    const r1 = state.rounds[1]!;
    expect(r1.skill).toBe(SKILL_1);
    expect(r1.diagnosis).toContain('The player never aimed.');
    expect(r1.runner).toMatchObject({ lints: [], blockedSubmits: 1, attempts: 1, diagnoses: [{ diagnosis: 'The player never aimed.', additions: ['aiming'] }] });
    expect(r1.runner!.validations).toEqual([expect.objectContaining({ call: 1, verdict: 'ok', model: 'fake-judge' })]);
    const r2 = state.rounds[2]!;
    expect(r2.skill).toBe(SKILL_2);
    expect(r2.runner!.lints.map((l) => l.id)).toEqual(['EMPTY_SKILL_DOWNSTREAM']);
    expect(r2.runner).toMatchObject({ attempts: 2, blockedSubmits: 0 });
    expect(r2.runner!.validations.map((v) => v.verdict)).toEqual(['needs_revision']);
    expect(r2.reflection).toMatchObject({ outcome: 'accepted', submissions: 2, rejections: [['BANNED_PATTERN']] });
    expect(readFileSync(join(dir.dir, 'rounds/1/lints.md'), 'utf8')).toContain('EMPTY_SKILL_DOWNSTREAM');
    expect(existsSync(join(dir.dir, 'rounds/2/reflector-2.jsonl'))).toBe(true);

    // The validator is a second model call, without tools, under its own instructions.
    const bodies = provider.completions().map((r) => r.body as { model: string; tools?: unknown; messages: { role: string; content: unknown }[] });
    const judge = bodies.filter((b) => b.model === 'fake-judge');
    expect(judge).toHaveLength(2);
    for (const b of judge) {
      expect(b.tools).toBeUndefined();
      expect(b.messages[0]).toEqual({ role: 'system', content: VALIDATOR_SYSTEM_PROMPT });
    }
    expect(String(judge[1]!.messages[1]!.content)).toContain('One bullet is too little.');
    // The reflector saw the lints of the round it reflected on, and the refusal of a submit without a diagnosis.
    const reflections = bodies.filter((b) => b.model === 'fake-reflector');
    expect(String(reflections.at(-1)!.messages[1]!.content)).toContain('[HIGH] EMPTY_SKILL_DOWNSTREAM');
    expect(JSON.stringify(reflections[1]!.messages)).toContain('DIAGNOSIS_REQUIRED');

    const summary = readFileSync(join(dir.dir, 'summary.txt'), 'utf8');
    expect(summary).toContain('runner metrics (rounds 0-2): final gain +1.000, AUC gain +1.500, regression rate 0.500');
    expect(summary).toContain('validator needs_revision');
    expect(readFileSync(join(dir.dir, 'curve.svg'), 'utf8')).toContain('final gain +1.000');
  }, 120_000);

  it('counts only the submits it refused: a reflection forced to submit that diagnoses first has none blocked', async () => {
    const { build, runs } = await setUp(5);
    const dir = tempRunsDir();
    cleanups.push(dir.cleanup);
    // No inspection budget: every turn asks for a submit, and the first turn has no diagnosis yet.
    provider.script(
      call('submit_diagnosis', { diagnosis: 'The player never turned.', deletions: [], additions: ['turning'], referenced_signals: [] }),
      call('submit', { skill: SKILL_1, notebook: 'r0: 5', diagnosis: '' }),
    );
    const input = settings(runs, 1);
    const state = await runCurve({
      dir: dir.dir,
      entry: buildEntry(build),
      resolve: resolveAttempt,
      settings: { ...input, reflector: { ...input.reflector, maxToolCalls: 0 } },
      makePlayer: () => new ScriptAgent(() => ({ answer: '<|action_start|>0 0 ; W<|action_end|>' })),
      reflector: new OpenAI({ baseURL: provider.url, apiKey: 'none', maxRetries: 0 }),
      countTokens: approxTokens,
    });
    const r1 = state.rounds[1]!;
    expect(r1.skill).toBe(SKILL_1);
    expect(r1.runner).toMatchObject({ blockedSubmits: 0, attempts: 1 });
    // The first turn could not force a submit its hook would refuse; the second could.
    const choices = provider.completions().filter((r) => (r.body as { model: string }).model === 'fake-reflector').map((r) => (r.body as { tool_choice: unknown }).tool_choice);
    expect(choices).toEqual(['required', 'required']);
  }, 120_000);

  it("leaves out runs of another setup or player, and refuses a folder with none of the curve's", async () => {
    const { build, runs } = await setUp(3);
    const run = (d: string): string => join(runs, 'runs', d);
    const all = readdirSync(join(runs, 'runs'));
    const base = { entry: buildEntry(build), resolve: resolveAttempt, makePlayer: () => new ScriptAgent([]), reflector: new OpenAI({ baseURL: provider.url, apiKey: 'none', maxRetries: 0 }), countTokens: approxTokens };

    // Only idle's runs: none by the curve's player.
    const idle = tempRunsDir();
    cleanups.push(idle.cleanup);
    for (const d of all) {
      const json = JSON.parse(readFileSync(join(run(d), 'run.json'), 'utf8')) as { agents: { kind: string }[] };
      if (json.agents[0]!.kind === 'idle') cpSync(run(d), join(idle.dir, d), { recursive: true });
    }
    const c1 = tempRunsDir();
    cleanups.push(c1.cleanup);
    await expect(runCurve({ ...base, dir: c1.dir, settings: settings(idle.dir, 0) })).rejects.toSatisfy((e: unknown) => isError(e, 'BAD_CONFIG', /none of the 2 run\(s\) .* by its player \(random\) with no skill: 0 of another setup, 2 of another player/));

    // Runs of another variant and another clock: left out, and a folder of nothing else is refused, naming the field.
    const mixed = tempRunsDir();
    cleanups.push(mixed.cleanup);
    cpSync(join(runs, 'runs'), mixed.dir, { recursive: true });
    const edit = (d: string, field: Record<string, string>): void => {
      const path = join(mixed.dir, d, 'run.json');
      writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), ...field }));
    };
    const randoms = all.filter((d) => (JSON.parse(readFileSync(join(run(d), 'run.json'), 'utf8')) as { agents: { kind: string }[] }).agents[0]!.kind === 'random');
    edit(randoms[0]!, { variant: 'var1' });
    const c2 = tempRunsDir();
    cleanups.push(c2.cleanup);
    const state = await runCurve({ ...base, dir: c2.dir, settings: settings(mixed.dir, 0) });
    expect(state.rounds[0]!.coldStart).toMatchObject({ otherSetup: 1, otherAgents: 2 });
    expect(state.rounds[0]!.episodes).toHaveLength(1);
    edit(randoms[1]!, { clock: 'lcrt' });
    const c4 = tempRunsDir();
    cleanups.push(c4.cleanup);
    await expect(runCurve({ ...base, dir: c4.dir, settings: settings(mixed.dir, 0) })).rejects.toSatisfy((e: unknown) => isError(e, 'BAD_CONFIG', /2 of another setup \(.* has (variant var1 \(the curve's: origin\)|clock lcrt \(the curve's: pdq\))\)/));

    // A folder that does not exist.
    const c3 = tempRunsDir();
    cleanups.push(c3.cleanup);
    mkdirSync(join(c3.dir, 'empty'));
    await expect(runCurve({ ...base, dir: join(c3.dir, 'curve'), settings: settings(join(c3.dir, 'empty'), 0) })).rejects.toSatisfy((e: unknown) => isError(e, 'BAD_CONFIG', 'no run.json under'));
  }, 120_000);

  it('runs an imported IDC config with arena curve --config on the build, round 0 from the cold-start runs the import set up', async () => {
    const build = await startFakeRemoteInput({}, 1);
    cleanups.push(() => build.close());
    provider = await startFakeProvider();
    cleanups.push(() => provider.close());
    const out = tempRunsDir();
    cleanups.push(out.cleanup);
    const stdout: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await importCommand(['omnigamearena', join(import.meta.dirname, 'fixtures/omnigamearena-checkout'), '--out', out.dir])).toBe(0);
    const env = `remote-input://127.0.0.1:${build.ports[0]!}`;
    build.score = 4;
    // The cold-start run where the imported configs put theirs (OUT/runs), by the player the curve will name.
    expect(await tournamentCommand(['--game', 'last_stand', '--agents', 'random', '--episodes', '1', '--profile', 'omnigamearena', '--env', env, '--maps', MAPS, '--steps', '1', '--obs-delay', '0', '--out', join(out.dir, 'cold'), '--runs-dir', join(out.dir, 'runs'), '--quiet'])).toBe(0);
    build.score = 6;
    const code = await curveCommand(['--config', join(out.dir, 'curves/last_stand--model-a.json'), '--env', env, '--agent', 'random', '--reflector-base-url', provider.url, '--rounds', '1', '--episodes', '1', '--steps', '1', '--obs-delay', '0', '--held-out', 'none', '--out', join(out.dir, 'curves-run'), '--id', 'c', '--quiet']);
    expect(code).toBe(0);
    const state = JSON.parse(readFileSync(join(out.dir, 'curves-run/c/curve.json'), 'utf8')) as { settings: { runner: unknown; match: { env: string } }; rounds: { mean: number; coldStart?: unknown }[] };
    expect(state.settings.match.env).toBe(env);
    expect(state.rounds.map((r) => r.mean)).toEqual([4, 6]);
    expect(state.rounds[0]!.coldStart).toMatchObject({ from: join(out.dir, 'runs'), otherAgents: 0 });
    expect(stdout.join('')).toContain('runner metrics (rounds 0-1): final gain +2.000, AUC gain +2.000, regression rate 0.000');
    // Both episodes opened the builds' own map, as the maps config names it.
    const opens = () => build.received.filter((r) => r.line.type === 'console' && String(r.line.command).startsWith('open ')).map((r) => r.line.command);
    expect(opens()).toEqual(['open /Game/Test/Stand', 'open /Game/Test/Stand']);
    // Through the work layer the episode's benchmark score comes back with its outcome: the same raw 6.
    const viaWork = await curveCommand(['--config', join(out.dir, 'curves/last_stand--model-a.json'), '--env', env, '--agent', 'random', '--reflector-base-url', provider.url, '--rounds', '1', '--episodes', '1', '--steps', '1', '--obs-delay', '0', '--held-out', 'none', '--parallel', '1', '--out', join(out.dir, 'curves-work'), '--id', 'c', '--quiet']);
    expect(viaWork).toBe(0);
    const worked = JSON.parse(readFileSync(join(out.dir, 'curves-work/c/curve.json'), 'utf8')) as { rounds: { mean: number }[] };
    expect(worked.rounds.map((r) => r.mean)).toEqual([4, 6]);
    expect(opens()).toHaveLength(3);
  }, 120_000);
});
