/**
 * The OmniGameArena UE5 map of each benchmark game and of its held-out variants, so that selecting a game
 * on a running RemoteInput build is one `open <map>` console command. The names follow the builds'
 * `/Game/Maps/<Game>[_<Variant>]` layout; a recipe's own `maps` overrides them for a build that differs.
 */
const MAPS: Readonly<Record<string, { readonly map: string; readonly variants: readonly string[] }>> = {
  last_stand: { map: '/Game/Maps/LastStand', variants: ['ring', 'waves', 'short_fuse'] },
  obstacle_run_2d: { map: '/Game/Maps/ObstacleRun2D', variants: ['wide_gaps', 'steps', 'marathon'] },
  obstacle_run_3d: { map: '/Game/Maps/ObstacleRun3D', variants: ['zigzag', 'stairway', 'switchback'] },
  monster_shoot: { map: '/Game/Maps/MonsterShoot', variants: ['horde', 'corridor', 'brutes', 'rush'] },
  scene_escape: { map: '/Game/Maps/SceneEscape', variants: ['hallway', 'wing', 'vault'] },
  cue_chase: { map: '/Game/Maps/CueChase', variants: ['market', 'garden', 'crowd'] },
  solo_craft: { map: '/Game/Maps/SoloCraft', variants: ['long_hall', 'islands', 'rush'] },
  sky_duel: { map: '/Game/Maps/SkyDuel', variants: ['small', 'large', 'corners'] },
  crystal_guard: { map: '/Game/Maps/CrystalGuard', variants: ['long_hall', 'alternating', 'flank_spawn'] },
  midline_clash: { map: '/Game/Maps/MidlineClash', variants: ['armory', 'far_forge', 'blitz'] },
  shared_floor: { map: '/Game/Maps/SharedFloor', variants: ['crossover', 'galley', 'one_bench', 'rush_hour'] },
  handoff_run: { map: '/Game/Maps/HandoffRun', variants: ['bench_first', 'single_pass', 'mirrored'] },
};

const pascal = (id: string): string => id.split('_').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');

/** Variant id -> UE5 map for a benchmark game (origin plays the game's own map); empty for other games. */
export function ue5Maps(gameId: string): Record<string, string> {
  const entry = MAPS[gameId];
  if (!entry) return {};
  return { origin: entry.map, ...Object.fromEntries(entry.variants.map((v) => [v, `${entry.map}_${pascal(v)}`])) };
}
