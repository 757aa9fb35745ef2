import { beforeAll, describe, expect, it } from 'vitest';
import { createLastStandPolicy, LastStandView } from '../agents/scripted/index.js';
import { lastStandGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { formatChunk, noopChunk, parseAnswer, type Agent, type Decision } from '../protocol/index.js';
import { chunkAgent, playPdq, randomChunkAgent } from './support/pdq-driver.js';

const SEEDS = [1, 2, 3];
const controls = getGame('last_stand').controls;
const start = { matchId: 't', game: 'last_stand', variant: 'origin', slot: 0, team: 0, controls, gamePrompt: '', stepBudget: 300 };
const create = (seed: number) => lastStandGame.create({ seed, variant: 'origin', slots: [0] });

async function meanProgress(agentFor: (seed: number) => Agent): Promise<number> {
  let total = 0;
  for (const seed of SEEDS) {
    const agent = agentFor(seed);
    await agent.start({ ...start });
    total += await playPdq(create(seed), agent);
  }
  return total / SEEDS.length;
}

describe('scripted last_stand policy', () => {
  const means = { idle: 0, random: 0, scripted: 0 };

  beforeAll(async () => {
    means.idle = await meanProgress(() => chunkAgent(() => noopChunk(controls.chunkSteps)));
    means.random = await meanProgress((seed) => randomChunkAgent(seed, controls.keys, controls.chunkSteps));
    means.scripted = await meanProgress(() => createLastStandPolicy());
  });

  it('reads the state the game emits', () => {
    expect(LastStandView.safeParse(create(1).state()).success).toBe(true);
  });

  it('survives far longer than an idle player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.idle + 0.4);
  });

  it('survives far longer than a random player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.random + 0.4);
  });

  it('survives origin seed 1 to the time limit', async () => {
    const sim = create(1);
    expect(await playPdq(sim, createLastStandPolicy())).toBe(1);
    expect(sim.ended()?.reason).toBe('time_limit');
  });

  it('answers only chunks the control set allows', async () => {
    const policy = createLastStandPolicy();
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
    await playPdq(create(2), recorder);
    expect(decisions.length).toBeGreaterThan(10);
    for (const d of decisions) {
      expect(d.kind === 'chunk' && parseAnswer(formatChunk(d.chunk), controls).ok).toBe(true);
    }
  });

  it('answers a no-op chunk with a note when the state is missing', async () => {
    const policy = createLastStandPolicy();
    await policy.start({ ...start });
    const frame = { seq: 0, width: 1, height: 1, encoding: 'rgb' as const, data: new Uint8Array(3) };
    const decision = await policy.decide({ slot: 0, step: 0, simMs: 0, frame, progress: 0 }, new AbortController().signal);
    expect(decision).toMatchObject({ kind: 'chunk', chunk: noopChunk(controls.chunkSteps) });
    expect(decision.kind === 'chunk' && typeof decision.note).toBe('string');
  });
});
