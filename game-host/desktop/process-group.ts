/**
 * Process groups of the desktop driver's children (the X server, the game): signals to a whole group,
 * a kill of every group still alive when this process exits, and a watchdog that cleans up after a bridge
 * that was killed outright, since a game left SIGSTOPped would otherwise stay frozen forever.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ExitInfo {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

const live = new Set<ChildProcess>();
let hookInstalled = false;

function alive(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/** Sends `signal` to the child's whole process group (the child must have been spawned detached). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!alive(child)) return;
  try {
    process.kill(-child.pid!, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Remembers a detached child so its group dies with this process; resolves when it exits. */
export function trackChild(child: ChildProcess): Promise<ExitInfo> {
  if (!hookInstalled) {
    hookInstalled = true;
    process.on('exit', () => {
      for (const c of live) {
        killGroup(c, 'SIGCONT');
        killGroup(c, 'SIGKILL');
      }
    });
  }
  live.add(child);
  return new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
    // A child that never started ('error' without 'exit') is gone too.
    child.once('error', () => {
      if (child.pid === undefined) {
        live.delete(child);
        resolve({ code: null, signal: null });
      }
    });
  });
}

/**
 * Starts a tiny shell loop, in a group of its own, that kills process group `group` (SIGCONT, then SIGKILL)
 * if this process dies first. It is not stopped with the game, needs no Node, and ends with the group.
 */
export function startWatchdog(group: number, intervalMs = 250): ChildProcess {
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null && kill -0 -- -${group} 2>/dev/null; do sleep ${intervalMs / 1000}; done`,
    `kill -CONT -- -${group} 2>/dev/null`,
    `kill -KILL -- -${group} 2>/dev/null`,
    'exit 0',
  ].join('; ');
  const child = spawn('/bin/sh', ['-c', script], { stdio: 'ignore', detached: true });
  child.unref();
  return child;
}
