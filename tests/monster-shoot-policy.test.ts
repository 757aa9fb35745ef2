import { beforeAll, describe, expect, it } from 'vitest';
import { RandomAgent } from '../agents/index.js';
import { createMonsterShootPolicy, MonsterShootView } from '../agents/scripted/index.js';
import { monsterShootGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { formatChunk, noopChunk, parseAnswer, type Agent, type Decision } from '../protocol/index.js';
import { chunkAgent, playPdq } from './support/pdq-driver.js';

const SEEDS = [1, 2, 3];
const controls = getGame('monster_shoot').controls;
const start = { matchId: 't', game: 'monster_shoot', variant: 'origin', slot: 0, team: 0, controls, gamePrompt: '', stepBudget: 300 };
const create = (seed: number, variant = 'origin') => monsterShootGame.create({ seed, variant, slots: [0] });

async function meanProgress(agentFor: (seed: number) => Agent, variant = 'origin'): Promise<number> {
  let total = 0;
  for (const seed of SEEDS) {
    const agent = agentFor(seed);
    await agent.start({ ...start, variant });
    total += await playPdq(create(seed, variant), agent, { controls, maxDecisions: 300 });
  }
  return total / SEEDS.length;
}

describe('scripted monster_shoot policy', () => {
  const means = { idle: 0, random: 0, scripted: 0 };

  beforeAll(async () => {
    means.idle = await meanProgress(() => chunkAgent(() => noopChunk(controls.chunkSteps)));
    means.random = await meanProgress((seed) => new RandomAgent(seed));
    means.scripted = await meanProgress(() => createMonsterShootPolicy());
  });

  it('reads the state the game emits', () => {
    expect(MonsterShootView.safeParse(create(1).state()).success).toBe(true);
  });

  it('removes far more monster health than an idle player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.idle + 0.6);
  });

  it('removes far more monster health than a random player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.random + 0.6);
  });

  it.each(['horde', 'corridor', 'brutes', 'rush'])('makes real progress on held-out variant %s', async (variant) => {
    expect(await meanProgress(() => createMonsterShootPolicy(), variant)).toBeGreaterThan(0.6);
  });

  it('answers only chunks the control set allows', async () => {
    const policy = createMonsterShootPolicy();
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
    await playPdq(create(2), recorder, { controls });
    expect(decisions.length).toBeGreaterThan(5);
    for (const d of decisions) {
      expect(d.kind === 'chunk' && parseAnswer(formatChunk(d.chunk), controls).ok).toBe(true);
    }
  });

  it('answers a no-op chunk with a note when the state is missing', async () => {
    const policy = createMonsterShootPolicy();
    await policy.start({ ...start });
    const frame = { seq: 0, width: 1, height: 1, encoding: 'rgb' as const, data: new Uint8Array(3) };
    const decision = await policy.decide({ slot: 0, step: 0, simMs: 0, frame, progress: 0 }, new AbortController().signal);
    expect(decision).toMatchObject({ kind: 'chunk', chunk: noopChunk(controls.chunkSteps) });
    expect(decision.kind === 'chunk' && typeof decision.note).toBe('string');
  });
});
