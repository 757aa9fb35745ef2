/** sky_duel's perception adapter: hits, falls and knock-outs; both fighters' HP, the leader and coarse positions. */
import { leader, zone3, ZONE3_DOMAIN, type PerceptionAdapter, label, type TrackedState } from '../runtime/perception.js';
import type { SkyDuelState } from './state.js';

const num = (t: TrackedState, k: string): number => Number(t[k] ?? 0);

/** Reads sky_duel's state for perception tasks. */
export const skyDuelPerception: PerceptionAdapter = {
  game: 'sky_duel',
  players: { regime: 'rivals', labels: { 0: 'A', 1: 'B' }, description: 'A is the BLUE fighter (slot 0), B the RED fighter (slot 1).' },
  events: [
    { name: 'hit', description: 'a fighter lands a strike on the other (who = the striker); the target loses 10 HP' },
    { name: 'knocked_out', description: "a fighter's HP reaches 0 (who = the fighter knocked out)" },
    { name: 'fell', description: 'a fighter drops off the platform (who = the fighter who fell)' },
  ],
  variables: [
    { name: 'hp_a', definition: "A's hit points", domain: 'integer 0..100, in steps of 10', update: true },
    { name: 'hp_b', definition: "B's hit points", domain: 'integer 0..100, in steps of 10', update: true },
    { name: 'lead', definition: 'who has more HP', domain: 'A | B | even', update: true },
    { name: 'zone_a', definition: "A's ninth of the square as seen from A's start facing B: near = A's starting third, left = A's left hand", domain: `${ZONE3_DOMAIN} | off (fallen)`, update: false },
    { name: 'zone_b', definition: "B's ninth of the square, named the same way as zone_a (from A's point of view)", domain: `${ZONE3_DOMAIN} | off (fallen)`, update: false },
  ],
  resultDefinition: "`<hp_a>-<hp_b>`: both fighters' HP after the event",
  track(raw) {
    const s = raw as unknown as SkyDuelState;
    const [a, b] = s.fighters;
    const half = s.platform.side / 2;
    const zone = (f: typeof a): string => (f!.fallen ? 'off' : zone3(f!.x, f!.z, -half, half, -half, half));
    return { hp_a: a!.hp, hp_b: b!.hp, lead: leader(a!.hp - b!.hp), zone_a: zone(a), zone_b: zone(b) };
  },
  result: (t) => `${label(t.hp_a)}-${label(t.hp_b)}`,
  lead: { margin: (t) => num(t, 'hp_a') - num(t, 'hp_b'), unit: 20 },
};
