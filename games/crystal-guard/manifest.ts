import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { VERSUS_SLOTS, WIDE_FRAME, controlSet } from '../../games-manifest/parts.js';

/** crystal_guard's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const crystalGuardVariants = [
  { id: 'origin', heldOut: false, description: '16 x 36 m hall, both gates open 4 s of every 10 s, two pillars a side' },
  { id: 'long_hall', heldOut: true, description: '14 x 44 m hall, gates open 5 s of every 12 s, three pillars a side, 3 min timer', timeLimitMs: 180_000 },
  { id: 'alternating', heldOut: true, description: 'origin hall, but the two gates open in turn, 5 s of every 12 s each' },
  { id: 'flank_spawn', heldOut: true, description: '20 x 34 m hall, spawns near the side walls, a low wall across the middle, gates open 3.5 s of every 9 s' },
] as const satisfies readonly Variant[];

export const crystalGuard: GameEntry = {
  id: 'crystal_guard',
  name: 'Crystal Guard',
  regime: 'pvp',
  view: 'first-person',
  summary: 'First-person 1v1 shooter: destroy the enemy crystal (100 HP, 10 per hit) behind an iron gate that opens on a timer; players respawn.',
  slots: VERSUS_SLOTS,
  controls: controlSet({ keys: ['W', 'A', 'S', 'D'], buttons: ['LMB'], tapControls: ['LMB'], mouseAxes: ['x', 'y'], chunkSteps: 6 }),
  frame: WIDE_FRAME,
  timeLimitMs: 150_000,
  stepBudget: 160,
  progress: 'damage dealt to the enemy crystal / 100 (1 on a win); at the time limit the side whose crystal has more HP left wins',
  variants: [...crystalGuardVariants],
  prompt: {
    rules:
      'Two players, BLUE and RED, in a walled hall; each team has a crystal (100 HP) inside a vault at its end of the hall. ' +
      'Destroy the enemy crystal to win: each shot that hits it removes 10 HP. The vault is closed by an iron gate that blocks shots; ' +
      'both gates open and shut on a timer (a green lamp above a gate means open, red means shut). You cannot walk into a vault. ' +
      'Shots fly straight to where the crosshair points and reach about 18 m, so you must cross the middle of the hall to hit the enemy crystal. ' +
      'You have 50 HP; each enemy hit removes 10, and at 0 you are down for 3 seconds, then respawn at your base. ' +
      'When the timer runs out, the team whose crystal has more HP left wins.',
    screen:
      'A first-person view with a crosshair in the centre; the floor is blue on your half if you are BLUE (red if RED). ' +
      'Top-left: whether the ENEMY GATE and YOUR GATE are OPEN or SHUT and the seconds until they change, and what your last shot hit. ' +
      'Top centre: time left. Top-right: the enemy crystal\'s HP. Bottom-left: your HP and your own crystal\'s HP.',
    controls:
      'W/A/S/D walk forward/left/back/right relative to where you look; LMB fires (a tap; at most one shot every 0.2 s). ' +
      'Moving the mouse horizontally (X, degrees) turns you, vertically (Y) tilts the view; put the crosshair on the enemy crystal while its gate is open, then fire.',
  },
  launch: { kind: 'builtin', module: 'games/crystal-guard/main.ts' },
};
