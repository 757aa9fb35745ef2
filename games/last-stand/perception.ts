/** last_stand's perception adapter: tiles warning and dropping, the fall; tiles left, the player's zone, survival. */
import { label, zone3, ZONE3_DOMAIN, type PerceptionAdapter } from '../runtime/perception.js';
import type { LastStandState } from './state.js';

/** Reads last_stand's state for perception tasks. */
export const lastStandPerception: PerceptionAdapter = {
  game: 'last_stand',
  players: { regime: 'solo', labels: { 0: 'P' }, description: 'P is the one player, standing on a grid of tiles.' },
  events: [
    { name: 'tile_warn', description: 'a tile starts to flash before it drops (who = null)' },
    { name: 'tile_fell', description: 'a tile drops out of the grid for good (who = null)' },
    { name: 'fell', description: 'the player falls off the grid, which ends the episode (who = P)' },
  ],
  variables: [
    { name: 'tiles_standing', definition: 'tiles still in the grid (intact or flashing)', domain: 'integer >= 0', update: true },
    { name: 'tiles_warning', definition: 'tiles flashing now', domain: 'integer >= 0', update: true },
    { name: 'alive', definition: 'the player is still on the grid', domain: 'true | false', update: true },
    { name: 'zone', definition: "the player's ninth of the grid as seen from above, near = the first row of tiles, left = the first column", domain: ZONE3_DOMAIN, update: false },
  ],
  resultDefinition: '`<tiles_standing>/<tiles_warning>`: tiles standing and tiles flashing after the event',
  track(raw) {
    const s = raw as unknown as LastStandState;
    const { grid } = s;
    const standing = s.tiles.filter((t) => t.status !== 'fallen').length;
    const warning = s.tiles.filter((t) => t.status === 'warning').length;
    const minX = grid.originX - grid.tileSize / 2;
    const minZ = grid.originZ - grid.tileSize / 2;
    const zone = zone3(s.player.x, s.player.z, minX, minX + grid.cols * grid.tileSize, minZ, minZ + grid.rows * grid.tileSize);
    return { tiles_standing: standing, tiles_warning: warning, alive: s.player.alive, zone };
  },
  result: (t) => `${label(t.tiles_standing)}/${label(t.tiles_warning)}`,
};
