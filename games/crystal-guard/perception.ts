/** crystal_guard's perception adapter: crystal and player hits, downs and a destroyed crystal; crystals' and players' HP, the leader. */
import { label, leader, zone3, ZONE3_DOMAIN, type PerceptionAdapter, type TrackedState } from '../runtime/perception.js';
import type { CrystalGuardState } from './state.js';

const num = (t: TrackedState, k: string): number => Number(t[k] ?? 0);
const TEAM = ['A', 'B'];

/** Reads crystal_guard's state for perception tasks. */
export const crystalGuardPerception: PerceptionAdapter = {
  game: 'crystal_guard',
  players: { regime: 'rivals', labels: { 0: 'A', 1: 'B' }, description: 'A is the BLUE player (slot 0) guarding the BLUE crystal, B the RED player (slot 1) guarding the RED crystal.' },
  events: [
    { name: 'crystal_hit', description: "a shot hits the other side's crystal (who = the shooter); it loses 10 HP" },
    { name: 'player_hit', description: 'a shot hits the other player (who = the shooter); the target loses 10 HP' },
    { name: 'player_down', description: "a player's HP reaches 0 and they are out until they respawn (who = the player downed)" },
    { name: 'crystal_destroyed', description: "a crystal's HP reaches 0, which ends the match (who = the side whose crystal it was)" },
  ],
  variables: [
    { name: 'crystal_a', definition: "the HP of A's (BLUE) crystal", domain: 'integer 0..100, in steps of 10', update: true },
    { name: 'crystal_b', definition: "the HP of B's (RED) crystal", domain: 'integer 0..100, in steps of 10', update: true },
    { name: 'hp_a', definition: "A's hit points (0 while down)", domain: 'integer 0..50, in steps of 10', update: true },
    { name: 'hp_b', definition: "B's hit points (0 while down)", domain: 'integer 0..50, in steps of 10', update: true },
    { name: 'lead', definition: 'whose crystal has more HP', domain: 'A | B | even', update: true },
    { name: 'zone_a', definition: "A's ninth of the arena as seen from A's base facing B's: near = A's base third, left = A's left hand", domain: `${ZONE3_DOMAIN} | down`, update: false },
    { name: 'zone_b', definition: "B's ninth of the arena, named the same way as zone_a (from A's point of view)", domain: `${ZONE3_DOMAIN} | down`, update: false },
  ],
  resultDefinition: "`<crystal_a>-<crystal_b>`: both crystals' HP after the event",
  track(raw) {
    const s = raw as unknown as CrystalGuardState;
    const [a, b] = s.players;
    const hw = s.arena.width / 2;
    const hl = s.arena.length / 2;
    const zone = (p: typeof a): string => (p!.alive ? zone3(p!.x, p!.z, -hw, hw, -hl, hl) : 'down');
    const ca = s.crystals[0]!.hp;
    const cb = s.crystals[1]!.hp;
    return { crystal_a: ca, crystal_b: cb, hp_a: a!.hp, hp_b: b!.hp, lead: leader(ca - cb), zone_a: zone(a), zone_b: zone(b) };
  },
  result: (t) => `${label(t.crystal_a)}-${label(t.crystal_b)}`,
  lead: { margin: (t) => num(t, 'crystal_a') - num(t, 'crystal_b'), unit: 20 },
  who: (e) => (e.name === 'crystal_destroyed' ? (TEAM[Number(e.data?.team)] ?? null) : e.slot === undefined ? null : (TEAM[e.slot] ?? null)),
};
