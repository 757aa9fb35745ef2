/** monster_shoot's perception adapter: monsters arriving, hit, killed and detonating; the player's HP and the monsters. */
import { label, type PerceptionAdapter } from '../runtime/perception.js';
import type { MonsterShootState } from './state.js';

/** Reads monster_shoot's state for perception tasks. */
export const monsterShootPerception: PerceptionAdapter = {
  game: 'monster_shoot',
  players: { regime: 'solo', labels: { 0: 'P' }, description: 'P is the one player, seen in first person.' },
  events: [
    { name: 'monster_spawned', description: 'a monster arrives in the arena (who = null)' },
    { name: 'monster_hit', description: 'a shot of P hits a monster (who = P); a killing shot also gives monster_killed' },
    { name: 'monster_killed', description: "a shot of P takes a monster's last health (who = P)" },
    { name: 'monster_detonated', description: 'a monster reaches P and explodes, costing P hit points (who = P)' },
  ],
  variables: [
    { name: 'hp', definition: "P's hit points", domain: 'integer >= 0', update: true },
    { name: 'monsters', definition: 'monsters in the arena now', domain: 'integer >= 0', update: true },
    { name: 'to_come', definition: 'monsters yet to arrive', domain: 'integer >= 0', update: true },
  ],
  resultDefinition: "`<hp>/<monsters>`: P's hit points and the monsters in the arena after the event",
  track(raw) {
    const s = raw as unknown as MonsterShootState;
    return { hp: Math.round(s.player.hp), monsters: s.monsters.length, to_come: s.spawns.remaining };
  },
  result: (t) => `${label(t.hp)}/${label(t.monsters)}`,
};
