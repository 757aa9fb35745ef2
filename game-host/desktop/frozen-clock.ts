/**
 * The desktop clock: the game runs under libfaketime reading its offset from a timestamp file on every
 * call (`FAKETIME_NO_CACHE=1`). Pausing SIGSTOPs the game's process group; resuming first writes the total
 * time spent stopped as a negative offset, then SIGCONTs, so the game's clock continues from where it was
 * stopped as if no time had passed. Game time that really ran is wall time between SIGCONT and SIGSTOP.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { ArenaError, ErrorCode } from '../../protocol/index.js';

/** Where Debian and common builds put libfaketime; `ARENA_LIBFAKETIME` overrides. */
const LIBFAKETIME_PATHS = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
  '/usr/local/lib/faketime/libfaketime.so.1',
];

/** The libfaketime library to preload, or undefined if none is installed. */
export function findLibfaketime(): string | undefined {
  const override = process.env.ARENA_LIBFAKETIME;
  if (override) return existsSync(override) ? override : undefined;
  return LIBFAKETIME_PATHS.find((p) => existsSync(p));
}

/** Environment a game needs to read its time through the offset file `file`. */
export function faketimeEnv(library: string, file: string): Record<string, string> {
  return { LD_PRELOAD: library, FAKETIME_TIMESTAMP_FILE: file, FAKETIME_NO_CACHE: '1' };
}

/** Writes `text` to `file` atomically, so a running game never reads half an offset. */
function writeAtomic(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

export class FrozenClock {
  /** Wall time the game has spent stopped, in total: the offset hidden from its clock, ms. */
  private hiddenMs = 0;
  private stoppedAt: number | undefined;
  private runningSince: number | undefined;
  private group: number | undefined;

  /** Writes a zero offset to `file`, the libfaketime timestamp file the game will be started with. */
  constructor(private readonly file: string) {
    writeAtomic(file, '+0\n');
  }

  /** Binds the clock to the game's process group, started (and running) just now. */
  attach(group: number): void {
    this.group = group;
    this.runningSince = performance.now();
  }

  get stopped(): boolean {
    return this.stoppedAt !== undefined;
  }

  /** Total wall time hidden from the game so far, ms. */
  get offsetMs(): number {
    return this.hiddenMs;
  }

  /** Stops the game's process group; returns the wall time it ran since the last `cont`, ms. */
  stop(): number {
    if (this.stoppedAt !== undefined) return 0;
    this.signal('SIGSTOP');
    const now = performance.now();
    this.stoppedAt = now;
    const ran = this.runningSince === undefined ? 0 : now - this.runningSince;
    this.runningSince = undefined;
    return ran;
  }

  /** Hides the time stopped from the game, then lets it run again; returns the wall time of the SIGCONT. */
  cont(): number {
    if (this.stoppedAt === undefined) return this.runningSince ?? performance.now();
    this.hiddenMs += performance.now() - this.stoppedAt;
    writeAtomic(this.file, `-${(this.hiddenMs / 1000).toFixed(6)}\n`);
    this.signal('SIGCONT');
    const now = performance.now();
    this.stoppedAt = undefined;
    this.runningSince = now;
    return now;
  }

  /** Wall time since the last `cont` while running, ms (0 when stopped). */
  runningMs(): number {
    return this.runningSince === undefined ? 0 : performance.now() - this.runningSince;
  }

  private signal(signal: 'SIGSTOP' | 'SIGCONT'): void {
    if (this.group === undefined) throw new ArenaError(ErrorCode.BAD_STATE, 'the clock has no game yet');
    try {
      process.kill(-this.group, signal);
    } catch (err) {
      throw new ArenaError(ErrorCode.GAME_CRASHED, `cannot ${signal === 'SIGSTOP' ? 'pause' : 'resume'} the game (process group ${this.group} is gone)`, { cause: err });
    }
  }
}
