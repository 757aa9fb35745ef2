import { beforeAll, describe, expect, it } from 'vitest';
import { RandomAgent } from '../agents/index.js';
import { createCueChasePolicy, CueChaseView } from '../agents/scripted/index.js';
import { cueChaseGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { formatChunk, noopChunk, parseAnswer, type Agent, type Decision } from '../protocol/index.js';
import { chunkAgent, playPdq } from './support/pdq-driver.js';

const SEEDS = [1, 2, 3];
const entry = getGame('cue_chase');
const controls = entry.controls;
const start = { matchId: 't', game: 'cue_chase', variant: 'origin', slot: 0, team: 0, controls, gamePrompt: '', stepBudget: entry.stepBudget };
const create = (seed: number, variant = 'origin') => cueChaseGame.create({ seed, variant, slots: [0] });
const play = (seed: number, agent: Agent, variant = 'origin') => playPdq(create(seed, variant), agent, { controls, maxDecisions: entry.stepBudget });

async function meanProgress(agentFor: (seed: number) => Agent, variant = 'origin'): Promise<number> {
  let total = 0;
  for (const seed of SEEDS) {
    const agent = agentFor(seed);
    await agent.start({ ...start, variant });
    total += await play(seed, agent, variant);
  }
  return total / SEEDS.length;
}

describe('scripted cue_chase policy', () => {
  const means = { idle: 0, random: 0, scripted: 0 };

  beforeAll(async () => {
    means.idle = await meanProgress(() => chunkAgent(() => noopChunk(controls.chunkSteps)));
    means.random = await meanProgress((seed) => new RandomAgent(seed));
    means.scripted = await meanProgress(() => createCueChasePolicy());
  });

  it('reads the state the game emits', () => {
    expect(CueChaseView.safeParse(create(1).state()).success).toBe(true);
  });

  it('completes far more trades than an idle player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.idle + 0.6);
  });

  it('completes far more trades than a random player on origin', () => {
    expect(means.scripted).toBeGreaterThan(means.random + 0.5);
  });

  it('completes every trade on origin seed 1 within the step budget', async () => {
    const sim = create(1);
    expect(await playPdq(sim, createCueChasePolicy(), { controls, maxDecisions: entry.stepBudget })).toBe(1);
    expect(sim.ended()?.reason).toBe('completed');
  });

  it.each(['market', 'garden', 'crowd'])('makes real progress on held-out variant %s', async (variant) => {
    expect(await meanProgress(() => createCueChasePolicy(), variant)).toBeGreaterThan(0.6);
  });

  it('answers only chunks the control set allows', async () => {
    const policy = createCueChasePolicy();
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
    expect(decisions.length).toBeGreaterThan(5);
    for (const d of decisions) {
      expect(d.kind === 'chunk' && parseAnswer(formatChunk(d.chunk), controls).ok).toBe(true);
    }
  });

  it('answers a no-op chunk with a note when the state is missing', async () => {
    const policy = createCueChasePolicy();
    await policy.start({ ...start });
    const frame = { seq: 0, width: 1, height: 1, encoding: 'rgb' as const, data: new Uint8Array(3) };
    const decision = await policy.decide({ slot: 0, step: 0, simMs: 0, frame, progress: 0 }, new AbortController().signal);
    expect(decision).toMatchObject({ kind: 'chunk', chunk: noopChunk(controls.chunkSteps) });
    expect(decision.kind === 'chunk' && typeof decision.note).toBe('string');
  });
});
