import { beforeAll, describe, expect, it } from 'vitest';
import { createSoloCraftPolicy, IdleAgent, RandomAgent, WorkshopView } from '../agents/index.js';
import { soloCraftGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { formatChunk, noopChunk, parseAnswer, type Agent, type Decision } from '../protocol/index.js';
import { meanOf, playSeeds } from './support/workshop-play.js';

const SEEDS = [1, 2, 3];
const controls = getGame('solo_craft').controls;

describe('scripted solo_craft policy', () => {
  const means = { idle: 0, random: 0, scripted: 0 };

  beforeAll(async () => {
    means.idle = meanOf(await playSeeds(soloCraftGame, SEEDS, () => [new IdleAgent()]), 0);
    means.random = meanOf(await playSeeds(soloCraftGame, SEEDS, (seed) => [new RandomAgent(seed)]), 0);
    means.scripted = meanOf(await playSeeds(soloCraftGame, SEEDS, () => [createSoloCraftPolicy()]), 0);
  });

  it('reads the state the game emits', () => {
    expect(WorkshopView.safeParse(soloCraftGame.create({ seed: 1, variant: 'origin', slots: [0] }).state()).success).toBe(true);
  });

  it('scores far more than an idle player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.idle + 0.5);
  });

  it('scores far more than a random player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.random + 0.5);
  });

  it.each(['long_hall', 'islands', 'rush'])('fills most orders on held-out variant %s', async (variant) => {
    expect(meanOf(await playSeeds(soloCraftGame, [1], () => [createSoloCraftPolicy()], variant), 0)).toBeGreaterThan(0.6);
  });

  it('answers only chunks the control set allows, tapping F', async () => {
    const policy = createSoloCraftPolicy();
    const decisions: Decision[] = [];
    const recorder: Agent = {
      ...policy,
      async decide(observation, signal) {
        const decision = await policy.decide(observation, signal);
        decisions.push(decision);
        return decision;
      },
    };
    await playSeeds(soloCraftGame, [2], () => [recorder]);
    expect(decisions.length).toBeGreaterThan(100);
    for (const d of decisions) expect(d.kind === 'chunk' && parseAnswer(formatChunk(d.chunk), controls).ok).toBe(true);
    expect(decisions.some((d) => d.kind === 'chunk' && d.chunk.steps.some((s) => s.includes('F')))).toBe(true);
  });

  it('answers a no-op chunk with a note when the state is missing', async () => {
    const policy = createSoloCraftPolicy();
    const frame = { seq: 0, width: 1, height: 1, encoding: 'rgb' as const, data: new Uint8Array(3) };
    const decision = await policy.decide({ slot: 0, step: 0, simMs: 0, frame, progress: 0 }, new AbortController().signal);
    expect(decision).toMatchObject({ kind: 'chunk', chunk: noopChunk(controls.chunkSteps) });
    expect(decision.kind === 'chunk' && typeof decision.note).toBe('string');
  });
});
