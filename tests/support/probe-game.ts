/**
 * A deterministic two-player test game that logs, in game time, every input it receives (as `input`
 * events), so tests can check schedules from the game's side. Each slot's view is a solid colour of its
 * own with the game time written into the first pixels, so a test can tell whose view an agent got.
 */
import type { GameEntry } from '../../games-manifest/index.js';
import type { GameDefinition, SimEvent, Simulation } from '../../games/runtime/simulation.js';
import type { InputEvent, PlayerProgress } from '../../protocol/index.js';

export const PROBE_LIMIT_MS = 60_000;

export const probeEntry: GameEntry = {
  id: 'probe',
  name: 'Probe',
  regime: 'pvp',
  view: 'top-down',
  summary: 'Test game: logs every input in game time.',
  slots: [
    { slot: 0, team: 0 },
    { slot: 1, team: 1 },
  ],
  controls: { keys: ['W', 'A', 'S', 'D', 'Space', 'F'], buttons: ['LMB'], tapControls: ['F', 'LMB'], mouseAxes: ['x', 'y'], maxLookDeg: 180, chunkSteps: 6, stepMs: 120, tapMs: 30 },
  frame: { width: 32, height: 16 },
  timeLimitMs: PROBE_LIMIT_MS,
  stepBudget: 1000,
  progress: 'game time / limit',
  variants: [
    { id: 'origin', heldOut: false, description: 'the only layout' },
    { id: 'short', heldOut: true, description: 'ends after 5 s' },
  ],
  prompt: { rules: 'Press anything.', screen: 'A solid colour.', controls: 'All of them.' },
  launch: { kind: 'builtin', module: 'tests/support/probe-game-main.ts' },
};

/** The probe with a gamepad: the same game, its control set declaring the sticks and the right trigger. */
export const probePadEntry: GameEntry = {
  ...probeEntry,
  id: 'probe',
  controls: { ...probeEntry.controls, axes: ['LX', 'LY', 'RX', 'RY', 'RT'] },
  launch: { kind: 'builtin', module: 'tests/support/probe-pad-main.ts' },
};

class ProbeSim implements Simulation {
  readonly tickMs = 10;
  private simMs = 0;
  private readonly events: SimEvent[] = [];
  private readonly held = new Map<number, Set<string>>();
  private readonly limit: number;

  constructor(private readonly slots: readonly number[], variant: string) {
    this.limit = variant === 'short' ? 5000 : PROBE_LIMIT_MS;
    for (const s of slots) this.held.set(s, new Set());
  }

  input(e: InputEvent): void {
    const data: Record<string, number | string | boolean> = { at: this.simMs, kind: e.type };
    if (e.type === 'key') Object.assign(data, { key: e.key, down: e.down });
    if (e.type === 'button') Object.assign(data, { key: e.button, down: e.down });
    if (e.type === 'look') Object.assign(data, { dx: e.dx, dy: e.dy });
    if (e.type === 'axis') Object.assign(data, { axis: e.axis, value: e.value });
    if (e.type === 'key') {
      if (e.down) this.held.get(e.slot)?.add(e.key);
      else this.held.get(e.slot)?.delete(e.key);
    }
    this.events.push({ name: 'input', slot: e.slot, data });
  }

  tick(): void {
    this.simMs += this.tickMs;
  }

  render(slot: number, width: number, height: number, out: Uint8Array): void {
    const colour = slot === 0 ? [200, 40, 40] : [40, 40, 200];
    for (let i = 0; i < width * height; i++) out.set(colour, i * 3);
    // Game time, big-endian in the first four bytes, so tests can read what time a frame shows.
    out[0] = (this.simMs >>> 24) & 255;
    out[1] = (this.simMs >>> 16) & 255;
    out[2] = (this.simMs >>> 8) & 255;
    out[3] = this.simMs & 255;
  }

  progress(): PlayerProgress[] {
    return this.slots.map((slot) => ({ slot, progress: Math.min(1, this.simMs / this.limit), score: this.simMs }));
  }

  drainEvents(): SimEvent[] {
    return this.events.splice(0);
  }

  state(): Record<string, unknown> {
    return { simMs: this.simMs, held: Object.fromEntries([...this.held].map(([s, keys]) => [s, [...keys].sort()])) };
  }

  ended(): { reason: string; outcomes: { slot: number; result: 'draw' }[] } | undefined {
    return this.simMs >= this.limit ? { reason: 'time_limit', outcomes: this.slots.map((slot) => ({ slot, result: 'draw' as const })) } : undefined;
  }
}

export const probeGame: GameDefinition = {
  id: 'probe',
  build: 'probe@1',
  variants: ['origin', 'short'],
  slots: probeEntry.slots,
  create: (o) => new ProbeSim(o.slots, o.variant),
};

/** Reads the frame's game time written by the probe's renderer. */
export function probeFrameTime(data: Uint8Array): number {
  return ((data[0]! << 24) | (data[1]! << 16) | (data[2]! << 8) | data[3]!) >>> 0;
}
