/**
 * A desktop game's progress: log lines matched against the recipe's rules (score, events, the episode's
 * end), or, for a game with no readable signal, survival time over the time limit.
 */
import type { DesktopProbe, LogRule } from '../../games-manifest/index.js';
import type { GameEvent, PlayerProgress } from '../../protocol/index.js';
import type { EpisodeEndInfo } from '../backend.js';

export interface ProbeReading {
  readonly events: GameEvent[];
  readonly end: EpisodeEndInfo | undefined;
}

export class ProgressProbe {
  private score = 0;
  private end: EpisodeEndInfo | undefined;
  private readonly rules: readonly (LogRule & { readonly re: RegExp })[];

  constructor(
    private readonly probe: DesktopProbe,
    private readonly slot: number,
    private readonly timeLimitMs: number,
  ) {
    this.rules = probe.kind === 'log' ? probe.rules.map((r) => ({ ...r, re: new RegExp(r.pattern) })) : [];
  }

  /** The log file the probe tails (relative to the game's HOME), if it reads one rather than stdout/stderr. */
  get file(): string | undefined {
    return this.probe.kind === 'log' ? this.probe.file : undefined;
  }

  /** Whether the probe reads log lines at all. */
  get readsLines(): boolean {
    return this.probe.kind === 'log';
  }

  /** Matches one line seen at game time `simMs`; returns the events it caused and the end, if it ended the episode. */
  feed(line: string, simMs: number): ProbeReading {
    const events: GameEvent[] = [];
    let end: EpisodeEndInfo | undefined;
    for (const rule of this.rules) {
      const m = rule.re.exec(line);
      if (!m) continue;
      this.score += rule.points ?? 0;
      if (rule.event) events.push({ type: 'event', simMs, slot: this.slot, name: rule.event, data: { line: line.slice(0, 500), score: this.score } });
      if (rule.end && !this.end) {
        this.end = { reason: rule.end, outcomes: [{ slot: this.slot, result: rule.outcome ?? 'none' }] };
        end = this.end;
      }
    }
    return { events, end };
  }

  /** Progress at game time `simMs`. */
  progress(simMs: number): PlayerProgress[] {
    if (this.probe.kind === 'none') {
      return [{ slot: this.slot, progress: Math.min(1, simMs / this.timeLimitMs), score: Math.round(simMs) / 1000 }];
    }
    return [{ slot: this.slot, progress: Math.max(0, Math.min(1, this.score / this.probe.maxScore)), score: this.score }];
  }
}
