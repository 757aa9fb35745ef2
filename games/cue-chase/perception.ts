/** cue_chase's perception adapter: trades, wrong people and the finished chain; trades done, the item held, the zone. */
import { label, zone3, ZONE3_DOMAIN, type PerceptionAdapter } from '../runtime/perception.js';
import type { CueChaseState } from './state.js';

/** Reads cue_chase's state for perception tasks. */
export const cueChasePerception: PerceptionAdapter = {
  game: 'cue_chase',
  players: { regime: 'solo', labels: { 0: 'P' }, description: 'P is the one player, seen in first person.' },
  events: [
    { name: 'trade', description: 'P trades the held item with the right person (who = P)' },
    { name: 'wrong_person', description: 'P offers the held item to someone who does not want it (who = P)' },
    { name: 'chain_complete', description: 'P makes the last trade of the chain (who = P)' },
  ],
  variables: [
    { name: 'trades_done', definition: 'trades of the chain completed', domain: 'integer >= 0', update: true },
    { name: 'held', definition: 'the item P holds, in lower case as the HUD names it', domain: 'an item name', update: true },
    { name: 'zone', definition: "P's ninth of the plaza as seen from above, near = south, left = west", domain: ZONE3_DOMAIN, update: false },
  ],
  resultDefinition: '`<trades_done>/<held>`: the trades completed and the item held after the event',
  track(raw) {
    const s = raw as unknown as CueChaseState;
    const { halfX, halfZ } = s.plaza;
    return { trades_done: s.tradeIndex, held: s.held.toLowerCase(), zone: zone3(s.player.x, s.player.z, -halfX, halfX, -halfZ, halfZ) };
  },
  result: (t) => `${label(t.trades_done)}/${label(t.held)}`,
};
