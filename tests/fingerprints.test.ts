/**
 * A behaviour fingerprint of every reference game and variant, checked in as tests/golden/fingerprints.json
 * (UPDATE_FINGERPRINTS=1 rewrites it): each slot played by its scripted policy, then by the random agent,
 * under the pdq loop, hashing every observation's state and progress, every decision, every event and a
 * frame of every view at regular rounds. A refactor that changes a policy's choice, a game's rule or a
 * pixel changes the hash.
 */
import { createHash, type Hash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RandomAgent, createAgent } from '../agents/index.js';
import { builtinGames, scriptedPolicies } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import type { Agent } from '../protocol/index.js';
import type { GameDefinition, Simulation } from '../games/runtime/simulation.js';
import { playPdqMulti } from './support/pdq-driver-multi.js';

const FILE = join(dirname(fileURLToPath(import.meta.url)), 'golden', 'fingerprints.json');
const DECISIONS = 80;
const FRAME_EVERY = 10;
const WIDTH = 320;
const HEIGHT = 180;

/** `agent`, hashing what it sees and answers, with the game's events and, every few rounds, every view. */
function hashing(agent: Agent, sim: Simulation, slots: readonly number[], hash: Hash): Agent {
  const frame = new Uint8Array(WIDTH * HEIGHT * 3);
  return {
    kind: agent.kind,
    privileged: true,
    frameEncoding: agent.frameEncoding,
    start: (info) => agent.start(info),
    close: () => agent.close(),
    async decide(observation, signal) {
      hash.update(JSON.stringify({ slot: observation.slot, step: observation.step, progress: observation.progress, state: observation.state }));
      if (observation.slot === slots[0]) {
        hash.update(JSON.stringify(sim.drainEvents()));
        if (observation.step % FRAME_EVERY === 0) {
          for (const slot of slots) {
            sim.render(slot, WIDTH, HEIGHT, frame);
            hash.update(frame);
          }
        }
      }
      const { state: _state, ...unprivileged } = observation;
      const decision = await agent.decide(agent.privileged ? observation : unprivileged, signal);
      // Wall-clock timings are measurements, not behaviour: an answer is hashed by its text.
      hash.update(JSON.stringify(decision.kind === 'chunk' ? { chunk: decision.chunk, note: decision.note } : { answer: decision.answer }));
      return decision;
    },
  };
}

async function fingerprint(game: GameDefinition, variant: string): Promise<string> {
  const entry = getGame(game.id);
  const slots = game.slots.map((s) => s.slot);
  const hash = createHash('sha256');
  const players: Record<string, (slot: number) => Agent> = {
    scripted: () => createAgent('scripted', { scripted: scriptedPolicies, game: game.id, seed: 1 }),
    random: () => new RandomAgent(7),
  };
  for (const [name, make] of Object.entries(players)) {
    hash.update(name);
    const sim = game.create({ seed: 1, variant, slots });
    const result = await playPdqMulti(sim, entry, slots.map((slot) => ({ slot, agent: hashing(make(slot), sim, slots, hash) })), { variant, stepBudget: DECISIONS });
    hash.update(JSON.stringify({ decisions: result.decisions, progress: [...result.progress], outcomes: [...result.outcomes], end: sim.ended() ?? null }));
  }
  return hash.digest('hex');
}

const cases = builtinGames.flatMap((g) => g.variants.map((v) => [`${g.id}/${v}`, g, v] as const));
const expected = JSON.parse(readFileSync(FILE, { encoding: 'utf8', flag: 'a+' }) || '{}') as Record<string, string>;
const update = process.env.UPDATE_FINGERPRINTS === '1';

describe('behaviour fingerprints', () => {
  it.each(cases)('plays %s exactly as fingerprinted (UPDATE_FINGERPRINTS=1 rewrites the file)', async (key, game, variant) => {
    const actual = await fingerprint(game, variant);
    if (update) {
      expected[key] = actual;
      writeFileSync(FILE, `${JSON.stringify(expected, Object.keys(expected).sort(), 2)}\n`);
    }
    expect(actual).toBe(expected[key]);
  });
});
