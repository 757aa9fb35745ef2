/** Helpers for desktop-driver tests: what is installed, a window-less clock game, and process trees from /proc. */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import type { GameEntry } from '../../games-manifest/index.js';
import { freedoom } from '../../games-manifest/desktop/freedoom.js';
import { findLibfaketime } from '../../game-host/desktop/frozen-clock.js';

function onPath(binary: string): boolean {
  try {
    execFileSync('/bin/sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** What the desktop driver itself needs and is missing (Xvfb, libfaketime). */
export function missingDriverDeps(): string[] {
  const missing: string[] = [];
  if (!onPath('Xvfb')) missing.push('Xvfb (apt-get install xvfb)');
  if (!findLibfaketime()) missing.push('libfaketime (apt-get install faketime)');
  return missing;
}

/** What the real-game tests need and is missing: the driver's needs plus chocolate-doom and freedoom. */
export function missingDoomDeps(): string[] {
  const missing = missingDriverDeps();
  if (freedoom.launch.kind === 'desktop' && !existsSync(freedoom.launch.command)) missing.push('chocolate-doom (apt-get install chocolate-doom)');
  if (!existsSync('/usr/share/games/doom/freedoom1.wad')) missing.push('freedoom (apt-get install freedoom)');
  return missing;
}

/** What the OpenArena tests need and is missing. */
export function missingOpenArenaDeps(): string[] {
  const missing = missingDriverDeps();
  if (!existsSync('/usr/games/openarena')) missing.push('openarena (apt-get install openarena)');
  return missing;
}

/** A suite title that says why it is skipped, if it is. */
export function titled(title: string, missing: readonly string[]): string {
  return missing.length === 0 ? title : `${title} [SKIPPED: missing ${missing.join(', ')}]`;
}

const CLOCK_GAME = fileURLToPath(new URL('desktop-clock-game.mjs', import.meta.url));

/** A desktop entry for the window-less clock game; its log probe scores a point per clock line. */
export function clockGameEntry(options: { endMs?: number; minHoldMs?: number } = {}): GameEntry {
  return {
    ...freedoom,
    id: 'clock_game',
    name: 'Clock game',
    summary: 'Test game: prints its own clock.',
    controls: { ...freedoom.controls, keys: ['W'], buttons: [], tapControls: [], mouseAxes: ['x'] },
    frame: { width: 64, height: 48 },
    timeLimitMs: 60_000,
    progress: 'clock lines / 100',
    variants: [{ id: 'origin', heldOut: false, description: 'the only one' }],
    launch: {
      kind: 'desktop',
      command: process.execPath,
      args: [CLOCK_GAME],
      env: { CLOCK_GAME_END_MS: String(options.endMs ?? 0) },
      window: { width: 64, height: 48 },
      ready: { kind: 'log', pattern: '^READY$' },
      settleMs: 0,
      keyMap: { W: 'W' },
      lookPixelsPerDegree: { x: 10, y: 10 },
      minHoldMs: options.minHoldMs ?? 50,
      tickMs: 50,
      progress: {
        kind: 'log',
        maxScore: 100,
        rules: [
          { pattern: '^clock (\\d+)$', points: 1, event: 'clock' },
          { pattern: '^GAME OVER$', end: 'game_over', outcome: 'win' },
        ],
      },
    },
  };
}

/** Pids of every process descended from `pid`, read from /proc. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number): void => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/**
 * True when the live process `pid` runs the same node binary as this test. Its command name says `node` up to
 * Node 22 and `MainThread` from Node 24 on, so the executable is what tells.
 */
export function isNodeProcess(pid: number): boolean {
  try {
    return realpathSync(`/proc/${pid}/exe`) === realpathSync(process.execPath);
  } catch {
    return false;
  }
}

/** The command name of a process, or undefined once it is gone (zombies count as gone). */
export function processName(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return undefined;
    return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  } catch {
    return undefined;
  }
}
