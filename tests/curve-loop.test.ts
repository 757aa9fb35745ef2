import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonl } from '../gateway/index.js';
import { CSV_COLUMNS, readCurveState, type CurveState } from '../reflection/index.js';
import { call, fastSettings, requestMessages, runTestCurve, STAY, submit, toolResults, turn } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { tempRunsDir } from './support/run-dir.js';

describe('a two-round curve with a scripted reflector', () => {
  let fake: FakeProvider;
  let tmp: { dir: string; cleanup: () => void };
  let state: CurveState;
  let dir: string;

  beforeAll(async () => {
    fake = await startFakeProvider();
    tmp = tempRunsDir();
    dir = join(tmp.dir, 'curve');
    fake.script(
      // Reflection after round 0: inspect, look at frames, read everything else at once, then submit.
      turn(call('list_episodes')),
      turn(call('read_episode', { episode: 0 })),
      turn(call('view_frames', { episode: 1, steps: [0, 1] })),
      turn(call('read_notebook'), call('read_skills'), call('read_curve')),
      submit(STAY, 'Round 0: walking forward fell off the edge in every episode.', 'The player walked off the platform.'),
      // Reflection after round 1: submit straight away.
      submit(`${STAY} Keep your distance from the edge.`, 'Round 1: standing still survived to the time limit.', 'Standing still works.'),
    );
    state = await runTestCurve(dir, fake, fastSettings({ rounds: 2, episodes: 2, heldOut: undefined }));
  }, 180_000);

  afterAll(async () => {
    await fake.close();
    tmp.cleanup();
  });

  it('plays R + 1 rounds of K episodes with the reflector writing rounds 1 and 2', () => {
    expect(state.rounds.map((r) => r.episodes.length)).toEqual([2, 2, 2]);
    expect(state.rounds.map((r) => r.source)).toEqual(['empty', 'reflector', 'reflector']);
    expect(state.rounds[1]!.skill).toBe(STAY);
    expect(state.status).toBe('complete');
    expect(state.stop).toEqual({ reason: 'rounds', round: 2 });
  });

  it('scores the walking cold start below the standing skill and keeps the best round', () => {
    expect(state.rounds[0]!.mean!).toBeLessThan(state.rounds[1]!.mean!);
    expect(state.best?.round).toBe(1);
  });

  it('plays the best skill and no skill on every held-out variant and records the gain', () => {
    expect(state.transfer?.bestRound).toBe(1);
    expect(state.transfer?.variants.map((v) => v.variant)).toEqual(['ring', 'waves', 'short_fuse']);
    for (const v of state.transfer!.variants) {
      expect(v.empty.episodes).toHaveLength(2);
      expect(v.best.episodes).toHaveLength(2);
      expect(v.gain).toBeCloseTo(v.best.mean! - v.empty.mean!, 9);
      expect(v.gain!).toBeGreaterThan(0);
    }
  });

  it('writes curve.json equal to the returned state', () => {
    expect(readCurveState(join(dir, 'curve.json'))).toEqual(state);
  });

  it('writes each round skill, its diff, notebook, diagnosis and reflector transcript', () => {
    expect(readFileSync(join(dir, 'rounds/0/skill.md'), 'utf8')).toBe('');
    expect(readFileSync(join(dir, 'rounds/1/skill.md'), 'utf8')).toBe(`${STAY}\n`);
    expect(readFileSync(join(dir, 'rounds/1/skill.diff'), 'utf8')).toBe(`+ ${STAY}\n`);
    expect(readFileSync(join(dir, 'rounds/1/notebook.md'), 'utf8')).toContain('fell off the edge');
    expect(readFileSync(join(dir, 'rounds/2/diagnosis.md'), 'utf8')).toBe('Standing still works.\n');
    const transcript = readJsonl<{ kind: string; name?: string }>(join(dir, 'rounds/1/reflector.jsonl'));
    expect(transcript.filter((l) => l.kind === 'tool').map((l) => l.name)).toEqual(['list_episodes', 'read_episode', 'view_frames', 'read_notebook', 'read_skills', 'read_curve', 'submit']);
    expect(transcript.at(-1)).toMatchObject({ kind: 'end', outcome: 'accepted', toolCalls: 6, submissions: 1 });
  });

  it('keeps every episode as a run directory inside its round', () => {
    for (const r of state.rounds) for (const e of r.episodes) expect(existsSync(join(dir, e.dir, 'run.json'))).toBe(true);
    expect(state.rounds[2]!.episodes[1]!.dir).toBe(join('rounds', '2', 'episodes', 'e1'));
  });

  it('answers read_episode with a summary that matches the run record', () => {
    const [text] = toolResults(fake, 2, 'read_episode');
    const summary = JSON.parse(text!) as { score: number; seed: number; end: { reason: string }; actions: { decisions: number; controlSteps: Record<string, number> }; progress: { progress: number }[] };
    const runDir = join(dir, state.rounds[0]!.episodes[0]!.dir);
    const run = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')) as { seed: number; result: { reason: string; players: { progress: number }[] } };
    expect(summary.score).toBeCloseTo(run.result.players[0]!.progress, 3);
    expect(summary.seed).toBe(run.seed);
    expect(summary.end.reason).toBe(run.result.reason);
    expect(summary.end.reason).toBe('fell');
    expect(summary.actions.decisions).toBe(readJsonl(join(runDir, 'decisions.jsonl')).length);
    expect(summary.actions.controlSteps['W']).toBe(summary.actions.decisions * 6);
  });

  it('answers list_episodes with this round\'s episodes and scores', () => {
    const [text] = toolResults(fake, 1, 'list_episodes');
    const list = JSON.parse(text!) as { round: number; episodes: { episode: number; score: number; end: string }[] };
    expect(list.round).toBe(0);
    expect(list.episodes.map((e) => e.score)).toEqual(state.rounds[0]!.episodes.map((e) => e.score));
  });

  it('sends the frames view_frames asked for as images in a user message after the tool results', () => {
    const messages = requestMessages(fake, 3);
    const last = messages.at(-1)!;
    expect(messages.at(-2)?.role).toBe('tool');
    expect(last.role).toBe('user');
    const images = (last.content as { type: string; image_url?: { url: string } }[]).filter((p) => p.type === 'image_url');
    expect(images).toHaveLength(2);
    expect(images[0]!.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('offers the seven tools to the reflector on every request', () => {
    const body = fake.completions()[0]!.body as { tools: { function: { name: string } }[]; tool_choice: unknown; stream?: unknown };
    expect(body.tools.map((t) => t.function.name).sort()).toEqual(['list_episodes', 'read_curve', 'read_episode', 'read_notebook', 'read_skills', 'submit', 'view_frames']);
    expect(body.tool_choice).toBe('auto');
    expect(body.stream).toBeUndefined();
  });

  it('writes a CSV row per episode, the summary table, and the plot as SVG and PNG', async () => {
    const csv = readFileSync(join(dir, 'curve.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe(CSV_COLUMNS.join(','));
    expect(csv).toHaveLength(1 + 3 * 2 + 3 * 2 * 2);
    const summary = readFileSync(join(dir, 'summary.txt'), 'utf8');
    expect(summary).toMatch(/held-out transfer: skill of round 1/);
    expect(summary).toMatch(/^ring\s+/m);
    const svg = readFileSync(join(dir, 'curve.svg'), 'utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain('best');
    const png = await sharp(join(dir, 'curve.png')).metadata();
    expect(png.format).toBe('png');
    expect(png.width).toBeGreaterThan(500);
  });
});
