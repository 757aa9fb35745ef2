/**
 * The tests the scripted policies' test files share, registered with each game's specifics: the state schema
 * accepts what the game emits, only legal chunks, a noted no-op without state, and for solo pdq games and 1v1
 * duels the comparisons with idle and random players over seeds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { IdleAgent, RandomAgent } from '../../agents/index.js';
import { getGame, type GameEntry } from '../../games-manifest/index.js';
import { formatChunk, noopChunk, parseAnswer, type Agent, type AgentStart, type ControlSet, type Decision } from '../../protocol/index.js';
import type { GameDefinition, Simulation } from '../../games/runtime/simulation.js';
import { playPdqMulti, type PdqMultiResult } from './pdq-driver-multi.js';
import { chunkAgent, playPdq } from './pdq-driver.js';

/** Seeds the idle, random and scripted players are compared over. */
const SEEDS = [1, 2, 3];

/** A policy's state schema, as far as these tests use it. */
export interface StateSchema {
  safeParse(value: unknown): { readonly success: boolean };
}

/** What a policy is told at `start` in these tests: slot 0 of `entry`'s game. */
export function startInfo(entry: GameEntry, variant = 'origin'): AgentStart {
  return { matchId: 't', game: entry.id, variant, slot: 0, team: 0, controls: entry.controls, gamePrompt: '', stepBudget: entry.stepBudget };
}

/** `policy`, pushing every decision it makes to `into`. */
export function recording(policy: Agent, into: Decision[]): Agent {
  return {
    ...policy,
    async decide(observation, signal) {
      const decision = await policy.decide(observation, signal);
      into.push(decision);
      return decision;
    },
  };
}

/** Expects more than `moreThan` decisions, all chunks `controls` allow, and some step pressing `pressing` when given. */
export function expectLegalChunks(decisions: readonly Decision[], controls: ControlSet, moreThan: number, pressing?: string): void {
  expect(decisions.length).toBeGreaterThan(moreThan);
  for (const d of decisions) expect(d.kind === 'chunk' && parseAnswer(formatChunk(d.chunk), controls).ok).toBe(true);
  if (pressing !== undefined) expect(decisions.some((d) => d.kind === 'chunk' && d.chunk.steps.some((s) => s.includes(pressing)))).toBe(true);
}

/** Registers the test that `schema` accepts the state `game` emits on origin seed 1. */
export function itReadsGameState(game: GameDefinition, schema: StateSchema): void {
  it('reads the state the game emits', () => {
    expect(schema.safeParse(game.create({ seed: 1, variant: 'origin', slots: game.slots.map((s) => s.slot) }).state()).success).toBe(true);
  });
}

/** Registers the test that a policy (started with `start` when given) answers a missing state with a noted no-op. */
export function itIdlesWithoutState(policy: () => Agent, controls: ControlSet, start?: AgentStart): void {
  it('answers a no-op chunk with a note when the state is missing', async () => {
    const agent = policy();
    if (start !== undefined) await agent.start(start);
    const frame = { seq: 0, width: 1, height: 1, encoding: 'rgb' as const, data: new Uint8Array(3) };
    const decision = await agent.decide({ slot: 0, step: 0, simMs: 0, frame, progress: 0 }, new AbortController().signal);
    expect(decision).toMatchObject({ kind: 'chunk', chunk: noopChunk(controls.chunkSteps) });
    expect(decision.kind === 'chunk' && typeof decision.note).toBe('string');
  });
}

/** A test's name and the end reason it expects the game to reach. */
export interface EndCheck {
  readonly name: string;
  readonly reason: string;
}

export interface SoloPolicySpec {
  readonly game: GameDefinition;
  readonly schema: StateSchema;
  readonly policy: () => Agent;
  /** The random player for a seed. */
  readonly random: (seed: number, controls: ControlSet) => Agent;
  /** How the policy beats the other players, as the test names say it ('survives far longer than'). */
  readonly beats: string;
  /** How far the policy's mean origin progress must exceed the idle and the random player's. */
  readonly margins: { readonly idle: number; readonly random: number };
  /** Decisions the legal-chunk run on seed 2 must exceed. */
  readonly minDecisions: number;
  /** Origin seed 1 played to progress 1 in pdq. */
  readonly solves?: EndCheck;
  /** Origin seed 1 played with an lcrt cadence (500 ms idle before each chunk, none after) to its end. */
  readonly solvesLcrt?: EndCheck;
  /** Held-out variants: 'progress' for mean progress above 0.6, or seed 2 played to progress 1 (`finishes` names the test). */
  readonly heldOut?: 'progress' | { readonly finishes: string };
}

/** Registers a solo pdq game's policy tests. */
export function describeSoloPolicy(spec: SoloPolicySpec): void {
  const entry = getGame(spec.game.id);
  const controls = entry.controls;
  const start = startInfo(entry);
  const create = (seed: number, variant = 'origin'): Simulation => spec.game.create({ seed, variant, slots: [0] });
  const pdq = { controls, maxDecisions: entry.stepBudget };
  const play = (seed: number, agent: Agent, variant = 'origin'): Promise<number> => playPdq(create(seed, variant), agent, pdq);
  const meanProgress = async (agentFor: (seed: number) => Agent, variant = 'origin'): Promise<number> => {
    let total = 0;
    for (const seed of SEEDS) {
      const agent = agentFor(seed);
      await agent.start({ ...start, variant });
      total += await play(seed, agent, variant);
    }
    return total / SEEDS.length;
  };
  const heldOut = entry.variants.filter((v) => v.heldOut).map((v) => v.id);

  describe(`scripted ${entry.id} policy`, () => {
    const means = { idle: 0, random: 0, scripted: 0 };

    beforeAll(async () => {
      means.idle = await meanProgress(() => chunkAgent(() => noopChunk(controls.chunkSteps)));
      means.random = await meanProgress((seed) => spec.random(seed, controls));
      means.scripted = await meanProgress(() => spec.policy());
    });

    itReadsGameState(spec.game, spec.schema);

    it(`${spec.beats} an idle player on origin`, () => {
      expect(means.scripted).toBeGreaterThan(means.idle + spec.margins.idle);
    });

    it(`${spec.beats} a random player on origin`, () => {
      expect(means.scripted).toBeGreaterThan(means.random + spec.margins.random);
    });

    if (spec.solves !== undefined) {
      const { name, reason } = spec.solves;
      it(name, async () => {
        const sim = create(1);
        expect(await playPdq(sim, spec.policy(), pdq)).toBe(1);
        expect(sim.ended()?.reason).toBe(reason);
      });
    }

    if (spec.heldOut === 'progress') {
      it.each(heldOut)('makes real progress on held-out variant %s', async (variant) => {
        expect(await meanProgress(() => spec.policy(), variant)).toBeGreaterThan(0.6);
      });
    } else if (spec.heldOut !== undefined) {
      it.each(heldOut)(`${spec.heldOut.finishes} of held-out variant %s`, async (variant) => {
        expect(await play(2, spec.policy(), variant)).toBe(1);
      });
    }

    if (spec.solvesLcrt !== undefined) {
      const { name, reason } = spec.solvesLcrt;
      it(name, async () => {
        const sim = create(1);
        const policy = spec.policy();
        await policy.start({ ...start });
        await playPdq(sim, policy, { ...pdq, leadMs: 500, observationDelayMs: 0 });
        expect(sim.ended()?.reason).toBe(reason);
      });
    }

    it('answers only chunks the control set allows', async () => {
      const policy = spec.policy();
      await policy.start({ ...start });
      const decisions: Decision[] = [];
      await play(2, recording(policy, decisions));
      expectLegalChunks(decisions, controls, spec.minDecisions);
    });

    itIdlesWithoutState(spec.policy, controls, start);
  });
}

export interface DuelPolicySpec {
  readonly game: GameDefinition;
  readonly schema: StateSchema;
  readonly policy: () => Agent;
  /** The policy in slot 1 against a player who stands still on origin seed 1: the test's name and its check. */
  readonly beatsIdle: { readonly name: string; readonly check: (result: PdqMultiResult) => void };
}

/** Registers a 1v1 game's policy tests: against a random player from either side, an idle one, and itself. */
export function describeDuelPolicy(spec: DuelPolicySpec): void {
  const entry = getGame(spec.game.id);
  const create = (seed: number): Simulation => spec.game.create({ seed, variant: 'origin', slots: [0, 1] });

  describe(`scripted ${entry.id} policy`, () => {
    const t = { games: 0, scriptedWins: 0, randomWins: 0, scriptedProgress: 0, randomProgress: 0 };

    beforeAll(async () => {
      for (const slot of [0, 1]) {
        for (const seed of SEEDS) {
          const players = [
            { slot, agent: spec.policy() },
            { slot: 1 - slot, agent: new RandomAgent(seed) },
          ];
          const result = await playPdqMulti(create(seed), entry, players);
          t.games++;
          if (result.outcomes.get(slot) === 'win') t.scriptedWins++;
          if (result.outcomes.get(1 - slot) === 'win') t.randomWins++;
          t.scriptedProgress += result.progress.get(slot) ?? 0;
          t.randomProgress += result.progress.get(1 - slot) ?? 0;
        }
      }
    });

    itReadsGameState(spec.game, spec.schema);

    it('beats a random player far more often than it loses, from either side', () => {
      expect(t.games).toBe(2 * SEEDS.length);
      expect(t.scriptedWins - t.randomWins).toBeGreaterThanOrEqual(t.games - 2);
    });

    it('reaches far higher mean progress than a random player', () => {
      expect((t.scriptedProgress - t.randomProgress) / t.games).toBeGreaterThan(0.6);
    });

    it(spec.beatsIdle.name, async () => {
      spec.beatsIdle.check(await playPdqMulti(create(1), entry, [{ slot: 1, agent: spec.policy() }, { slot: 0, agent: new IdleAgent() }]));
    });

    it('answers only chunks the control set allows', async () => {
      const decisions: Decision[] = [];
      await playPdqMulti(create(2), entry, [{ slot: 0, agent: recording(spec.policy(), decisions) }, { slot: 1, agent: recording(spec.policy(), decisions) }]);
      expectLegalChunks(decisions, entry.controls, 10, 'LMB');
    });

    itIdlesWithoutState(spec.policy, entry.controls, startInfo(entry));
  });
}
