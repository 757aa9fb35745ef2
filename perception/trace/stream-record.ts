/**
 * What the watcher knows of a match besides its frames, in stream order: the game's events and progress
 * reports as the match recorded them. Task generation reads this, never the frames, and never privileged state.
 */
import type { GameEvent, PlayerProgress } from '../../protocol/index.js';

/** One progress report: every player's progress and raw score at a game time, ms. */
export interface ProgressReport {
  readonly simMs: number;
  readonly players: readonly PlayerProgress[];
}

/** The match as far as the stream has shown it. */
export interface StreamRecord {
  readonly events: readonly GameEvent[];
  readonly progress: readonly ProgressReport[];
  /** The player slots of the match, in slot order. */
  readonly slots: readonly number[];
}

/** The label a player goes by in questions and instructions. */
export function playerLabel(slot: number): string {
  return `player ${slot}`;
}

/** The unique leader by raw score of a report, or null on a tie. */
export function leaderOf(report: ProgressReport): number | null {
  let best: PlayerProgress | undefined;
  let tied = false;
  for (const p of report.players) {
    if (best === undefined || p.score > best.score) {
      best = p;
      tied = false;
    } else if (p.score === best.score) tied = true;
  }
  return best === undefined || tied ? null : best.slot;
}

/** Stretches of one leader: from the report where it began to the report that ended it (or `endMs`). */
export function leadIntervals(progress: readonly ProgressReport[], endMs: number): { leader: number | null; startMs: number; endMs: number }[] {
  const out: { leader: number | null; startMs: number; endMs: number }[] = [];
  for (const report of progress) {
    const leader = leaderOf(report);
    const last = out.at(-1);
    if (last && last.leader === leader) continue;
    if (last) last.endMs = report.simMs;
    out.push({ leader, startMs: report.simMs, endMs });
  }
  return out.filter((x) => x.endMs > x.startMs);
}
