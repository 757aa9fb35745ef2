import type { GameEntry } from '../schema.js';
import { RunDefaults } from '../defaults.js';

/** Vanilla key bindings as scan codes (chocolate-doom's default.cfg): WASD, arrows turn, Space uses, left button fires. */
const DEFAULT_CFG = `mouse_sensitivity 5
sfx_volume 0
music_volume 0
show_messages 1
key_right 77
key_left 75
key_up 17
key_down 31
key_strafeleft 30
key_straferight 32
key_fire 29
key_use 57
key_strafe 56
key_speed 54
use_mouse 1
mouseb_fire 0
mouseb_strafe -1
mouseb_forward -1
use_joystick 0
screenblocks 10
detaillevel 0
snd_channels 8
snd_musicdevice 0
snd_sfxdevice 0
usegamma 0
`;

/** A 640x480 window with the software renderer, no mouse acceleration and no vertical mouse movement. */
const CHOCOLATE_CFG = `fullscreen 0
aspect_ratio_correct 1
integer_scaling 0
force_software_renderer 1
window_width 640
window_height 480
startup_delay 0
novert 1
mouse_acceleration 1.000000
mouse_threshold 0
show_endoom 0
graphical_startup 0
vanilla_keyboard_mapping 1
`;

/** Chocolate Doom turns 8 angle units (of 65536 per turn) per mouse count at sensitivity 5: 22.76 counts per degree. */
const PIXELS_PER_DEGREE = 65536 / 8 / 360;

export const freedoom: GameEntry = {
  id: 'freedoom',
  name: 'Freedoom (Chocolate Doom)',
  regime: 'solo',
  view: 'first-person',
  summary: 'Freedoom Phase 1 in Chocolate Doom under a virtual display: a real native game driven by the desktop driver.',
  slots: [{ slot: 0, team: 0 }],
  controls: {
    keys: ['W', 'A', 'S', 'D', 'Left', 'Right', 'Space'],
    buttons: ['LMB'],
    tapControls: ['Space'],
    mouseAxes: ['x'],
    maxLookDeg: 180,
    chunkSteps: 6,
    stepMs: RunDefaults.stepMs,
    tapMs: RunDefaults.tapMs,
  },
  frame: { width: 640, height: 480 },
  timeLimitMs: 120_000,
  stepBudget: 300,
  progress: 'survival time / time limit (Chocolate Doom writes no log during play, so there is no kill or exit signal)',
  variants: [
    { id: 'e1m1', heldOut: false, description: 'Episode 1, map 1, skill 3' },
    { id: 'e1m2', heldOut: true, description: 'Episode 1, map 2, skill 3' },
    { id: 'e1m3', heldOut: true, description: 'Episode 1, map 3, skill 3' },
  ],
  prompt: {
    rules: 'You are a marine in a first-person shooter. Explore the level, shoot the monsters before they hurt you, and stay alive.',
    screen:
      'A first-person view with your weapon at the bottom centre; the status bar at the bottom shows ammo, health (%), armour and keys. ' +
      'Monsters move towards you and attack; doors open when you press Space next to them.',
    controls:
      'W/S move forward/back, A/D strafe left/right, Left/Right turn, Space opens doors and presses switches, LMB fires; ' +
      'moving the mouse horizontally (X, degrees) turns you.',
  },
  launch: {
    kind: 'desktop',
    command: '/usr/games/chocolate-doom',
    args: ['-iwad', '/usr/share/games/doom/freedoom1.wad', '-skill', '3', '-window', '-nosound', '-nomusic', '-nosfx', '-width', '640', '-height', '480'],
    env: { SDL_AUDIODRIVER: 'dummy', SDL_RENDER_DRIVER: 'software' },
    variantArgs: { e1m1: ['-warp', '1', '1'], e1m2: ['-warp', '1', '2'], e1m3: ['-warp', '1', '3'] },
    files: { '.local/share/chocolate-doom/default.cfg': DEFAULT_CFG, '.local/share/chocolate-doom/chocolate-doom.cfg': CHOCOLATE_CFG },
    window: { width: 640, height: 480 },
    ready: { kind: 'window', title: 'Chocolate Doom' },
    settleMs: 1500,
    keyMap: { W: 'W', A: 'A', S: 'S', D: 'D', Left: 'Left', Right: 'Right', Space: 'Space' },
    lookPixelsPerDegree: { x: PIXELS_PER_DEGREE, y: PIXELS_PER_DEGREE },
    minHoldMs: 50,
    tickMs: 1000 / 35,
    build: 'chocolate-doom 3.0 + freedoom 0.12',
    progress: { kind: 'none' },
  },
};
