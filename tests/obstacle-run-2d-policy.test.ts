import { beforeAll, describe, expect, it } from 'vitest';
import { createObstacleRun2dPolicy, ObstacleRun2dView } from '../agents/scripted/index.js';
import { obstacleRun2dGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { formatChunk, noopChunk, parseAnswer, type Agent, type Decision } from '../protocol/index.js';
import { advance, chunkAgent, compileChunk, playPdq, randomChunkAgent } from './support/pdq-driver.js';

const SEEDS = [1, 2, 3];
const entry = getGame('obstacle_run_2d');
const controls = entry.controls;
const start = { matchId: 't', game: 'obstacle_run_2d', variant: 'origin', slot: 0, team: 0, controls, gamePrompt: '', stepBudget: entry.stepBudget };
const create = (seed: number, variant = 'origin') => obstacleRun2dGame.create({ seed, variant, slots: [0] });
const play = (seed: number, agent: Agent, variant = 'origin') => playPdq(create(seed, variant), agent, { controls, maxDecisions: entry.stepBudget });

async function meanProgress(agentFor: (seed: number) => Agent): Promise<number> {
  let total = 0;
  for (const seed of SEEDS) {
    const agent = agentFor(seed);
    await agent.start({ ...start });
    total += await play(seed, agent);
  }
  return total / SEEDS.length;
}

describe('scripted obstacle_run_2d policy', () => {
  const means = { idle: 0, random: 0, scripted: 0 };

  beforeAll(async () => {
    means.idle = await meanProgress(() => chunkAgent(() => noopChunk(controls.chunkSteps)));
    means.random = await meanProgress((seed) => randomChunkAgent(seed, controls.keys, controls.chunkSteps));
    means.scripted = await meanProgress(() => createObstacleRun2dPolicy());
  });

  it('reads the state the game emits', () => {
    expect(ObstacleRun2dView.safeParse(create(1).state()).success).toBe(true);
  });

  it('gets far further than an idle player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.idle + 0.6);
  });

  it('gets far further than a random player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.random + 0.6);
  });

  it('reaches the finish line of origin seed 1 within the time limit', async () => {
    const sim = create(1);
    expect(await playPdq(sim, createObstacleRun2dPolicy(), { controls, maxDecisions: entry.stepBudget })).toBe(1);
    expect(sim.ended()?.reason).toBe('finished');
  });

  it.each(entry.variants.filter((v) => v.heldOut).map((v) => v.id))('reaches the finish line of held-out variant %s', async (variant) => {
    expect(await play(2, createObstacleRun2dPolicy(), variant)).toBe(1);
  });

  it('reaches the finish line of origin seed 1 with an lcrt cadence: 500 ms idle before each chunk, none after', async () => {
    const sim = create(1);
    const policy = createObstacleRun2dPolicy();
    await policy.start({ ...start });
    const frame = { seq: 0, width: 1, height: 1, encoding: 'rgb' as const, data: new Uint8Array(3) };
    for (let step = 0; step < entry.stepBudget && sim.ended() === undefined; step++) {
      const observation = { slot: 0, step, simMs: 0, frame, progress: 0, state: sim.state() };
      const decision = await policy.decide(observation, new AbortController().signal);
      if (decision.kind !== 'chunk') throw new Error('expected a chunk');
      const chunkMs = decision.chunk.steps.length * controls.stepMs;
      const inputs = compileChunk(decision.chunk, controls.stepMs).map((e) => ({ ...e, at: e.at + 500 }));
      advance(sim, 500 + chunkMs, inputs);
      // The releases at the chunk's end fall after the last tick advance runs; the gateway applies them then too.
      for (const e of inputs) if (e.at >= 500 + chunkMs && sim.ended() === undefined) sim.input(e);
    }
    expect(sim.ended()?.reason).toBe('finished');
  });

  it('answers only chunks the control set allows', async () => {
    const policy = createObstacleRun2dPolicy();
    await policy.start({ ...start });
    const decisions: Decision[] = [];
    const recorder: Agent = {
      ...policy,
      async decide(observation, signal) {
        const decision = await policy.decide(observation, signal);
        decisions.push(decision);
        return decision;
      },
    };
    await play(2, recorder);
    expect(decisions.length).toBeGreaterThan(10);
    for (const d of decisions) {
      expect(d.kind === 'chunk' && parseAnswer(formatChunk(d.chunk), controls).ok).toBe(true);
    }
  });

  it('answers a no-op chunk with a note when the state is missing', async () => {
    const policy = createObstacleRun2dPolicy();
    await policy.start({ ...start });
    const frame = { seq: 0, width: 1, height: 1, encoding: 'rgb' as const, data: new Uint8Array(3) };
    const decision = await policy.decide({ slot: 0, step: 0, simMs: 0, frame, progress: 0 }, new AbortController().signal);
    expect(decision).toMatchObject({ kind: 'chunk', chunk: noopChunk(controls.chunkSteps) });
    expect(decision.kind === 'chunk' && typeof decision.note).toBe('string');
  });
});
