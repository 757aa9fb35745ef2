import { beforeAll, describe, expect, it } from 'vitest';
import { IdleAgent, RandomAgent, SkyDuelView, createSkyDuelPolicy } from '../agents/index.js';
import { skyDuelGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { formatChunk, noopChunk, parseAnswer, type Agent, type Decision } from '../protocol/index.js';
import { playPdqMulti } from './support/pdq-driver-multi.js';

const SEEDS = [1, 2, 3];
const entry = getGame('sky_duel');
const create = (seed: number) => skyDuelGame.create({ seed, variant: 'origin', slots: [0, 1] });

interface Tally {
  games: number;
  scriptedWins: number;
  randomWins: number;
  scriptedProgress: number;
  randomProgress: number;
}

/** Plays scripted against random on every seed, with the scripted policy in `slot`. */
async function tally(slot: 0 | 1, into: Tally): Promise<void> {
  for (const seed of SEEDS) {
    const players = [
      { slot, agent: createSkyDuelPolicy() },
      { slot: 1 - slot, agent: new RandomAgent(seed) },
    ];
    const result = await playPdqMulti(create(seed), entry, players);
    into.games++;
    if (result.outcomes.get(slot) === 'win') into.scriptedWins++;
    if (result.outcomes.get(1 - slot) === 'win') into.randomWins++;
    into.scriptedProgress += result.progress.get(slot) ?? 0;
    into.randomProgress += result.progress.get(1 - slot) ?? 0;
  }
}

describe('scripted sky_duel policy', () => {
  const t: Tally = { games: 0, scriptedWins: 0, randomWins: 0, scriptedProgress: 0, randomProgress: 0 };

  beforeAll(async () => {
    await tally(0, t);
    await tally(1, t);
  });

  it('reads the state the game emits', () => {
    expect(SkyDuelView.safeParse(create(1).state()).success).toBe(true);
  });

  it('beats a random player far more often than it loses, from either side', () => {
    expect(t.games).toBe(2 * SEEDS.length);
    expect(t.scriptedWins - t.randomWins).toBeGreaterThanOrEqual(t.games - 2);
  });

  it('reaches far higher mean progress than a random player', () => {
    expect((t.scriptedProgress - t.randomProgress) / t.games).toBeGreaterThan(0.6);
  });

  it('beats a player who stands still, by knocking it off or out', async () => {
    const result = await playPdqMulti(create(1), entry, [{ slot: 1, agent: createSkyDuelPolicy() }, { slot: 0, agent: new IdleAgent() }]);
    expect(result.outcomes.get(1)).toBe('win');
  });

  it('answers only chunks the control set allows', async () => {
    const decisions: Decision[] = [];
    const recorder = (policy: Agent): Agent => ({
      ...policy,
      async decide(observation, signal) {
        const decision = await policy.decide(observation, signal);
        decisions.push(decision);
        return decision;
      },
    });
    await playPdqMulti(create(2), entry, [{ slot: 0, agent: recorder(createSkyDuelPolicy()) }, { slot: 1, agent: recorder(createSkyDuelPolicy()) }]);
    expect(decisions.length).toBeGreaterThan(10);
    expect(decisions.some((d) => d.kind === 'chunk' && d.chunk.steps.some((s) => s.includes('LMB')))).toBe(true);
    for (const d of decisions) expect(d.kind === 'chunk' && parseAnswer(formatChunk(d.chunk), entry.controls).ok).toBe(true);
  });

  it('answers a no-op chunk with a note when the state is missing', async () => {
    const policy = createSkyDuelPolicy();
    await policy.start({ matchId: 't', game: 'sky_duel', variant: 'origin', slot: 0, team: 0, controls: entry.controls, gamePrompt: '', stepBudget: 500 });
    const frame = { seq: 0, width: 1, height: 1, encoding: 'rgb' as const, data: new Uint8Array(3) };
    const decision = await policy.decide({ slot: 0, step: 0, simMs: 0, frame, progress: 0 }, new AbortController().signal);
    expect(decision).toMatchObject({ kind: 'chunk', chunk: noopChunk(entry.controls.chunkSteps) });
    expect(decision.kind === 'chunk' && typeof decision.note).toBe('string');
  });
});
