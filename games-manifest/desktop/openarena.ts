import type { GameEntry } from '../schema.js';
import { RunDefaults } from '../defaults.js';

/** Frags that end the match. */
const FRAG_LIMIT = 10;

/** Our controls bound to OpenArena commands; the player is named `Agent` so the game log can be read by name. */
const AUTOEXEC = `unbindall
bind w "+forward"
bind s "+back"
bind a "+moveleft"
bind d "+moveright"
bind SPACE "+moveup"
bind LEFTARROW "+left"
bind RIGHTARROW "+right"
bind MOUSE1 "+attack"
seta sensitivity "5"
seta m_yaw "0.022"
seta m_pitch "0.022"
seta cl_mouseAccel "0"
seta in_mouse "1"
seta com_maxfps "40"
seta name "Agent"
`;

/** ioquake3 turns m_yaw x sensitivity = 0.11 degrees per mouse count. */
const PIXELS_PER_DEGREE = 1 / (0.022 * 5);

export const openarena: GameEntry = {
  id: 'openarena',
  name: 'OpenArena deathmatch with bots',
  regime: 'solo',
  view: 'first-person',
  summary: 'OpenArena (ioquake3) free-for-all against two bots under a virtual display; frags and deaths read from the game log.',
  slots: [{ slot: 0, team: 0 }],
  controls: {
    keys: ['W', 'A', 'S', 'D', 'Space', 'Left', 'Right'],
    buttons: ['LMB'],
    tapControls: ['Space'],
    mouseAxes: ['x', 'y'],
    maxLookDeg: 180,
    chunkSteps: 6,
    stepMs: RunDefaults.stepMs,
    tapMs: RunDefaults.tapMs,
  },
  frame: { width: 640, height: 480 },
  timeLimitMs: 180_000,
  stepBudget: 300,
  progress: `frags / ${FRAG_LIMIT} (from the g_log game log; deaths and pickups are reported as events)`,
  variants: [
    { id: 'oa_dm1', heldOut: false, description: 'map oa_dm1, two skill-2 bots' },
    { id: 'oa_dm2', heldOut: true, description: 'map oa_dm2, two skill-2 bots' },
  ],
  prompt: {
    rules: `A free-for-all deathmatch against two computer players. Shoot them to score frags; the first to ${FRAG_LIMIT} frags wins. You respawn after you die.`,
    screen: 'A first-person view with your weapon at the bottom right; health and armour at the bottom left, ammo in the middle, the score at the right.',
    controls: 'W/S move forward/back, A/D strafe, Space jumps, Left/Right turn, LMB fires; the mouse (X, Y in degrees) turns and tilts your view.',
  },
  launch: {
    kind: 'desktop',
    command: '/usr/games/openarena',
    args: [
      '+set', 'r_mode', '-1', '+set', 'r_customwidth', '640', '+set', 'r_customheight', '480', '+set', 'r_fullscreen', '0',
      '+set', 'cl_renderer', 'opengl1', '+set', 's_initsound', '0', '+set', 'com_introplayed', '1', '+set', 'sv_pure', '0',
      '+set', 'g_log', 'games.log', '+set', 'g_logsync', '1', '+set', 'fraglimit', String(FRAG_LIMIT), '+set', 'timelimit', '0',
    ],
    env: { SDL_AUDIODRIVER: 'dummy' },
    variantArgs: {
      oa_dm1: ['+map', 'oa_dm1', '+addbot', 'sarge', '2', '+addbot', 'grism', '2'],
      oa_dm2: ['+map', 'oa_dm2', '+addbot', 'sarge', '2', '+addbot', 'grism', '2'],
    },
    files: { '.openarena/baseoa/autoexec.cfg': AUTOEXEC },
    window: { width: 640, height: 480 },
    ready: { kind: 'log', pattern: 'Agent\\^7 entered the game' },
    settleMs: 1000,
    keyMap: { W: 'W', A: 'A', S: 'S', D: 'D', Space: 'Space', Left: 'Left', Right: 'Right' },
    lookPixelsPerDegree: { x: PIXELS_PER_DEGREE, y: PIXELS_PER_DEGREE },
    minHoldMs: 50,
    tickMs: 25,
    build: 'openarena 0.8.8 (ioquake3 1.36)',
    progress: {
      kind: 'log',
      file: '.openarena/baseoa/games.log',
      maxScore: FRAG_LIMIT,
      rules: [
        { pattern: 'Kill: \\d+ \\d+ \\d+: Agent killed (?!Agent by)', points: 1, event: 'frag' },
        { pattern: 'Kill: \\d+ \\d+ \\d+: .* killed Agent by', event: 'death' },
        { pattern: 'Exit: Fraglimit hit', end: 'fraglimit' },
        // Pickups by anyone: frequent, stamped with the game's own clock (m:ss), so a run can check that clock.
        { pattern: '^\\s*\\d+:\\d\\d Item: ', event: 'item' },
      ],
    },
  },
};
