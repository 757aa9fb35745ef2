/** The clock summary of a run, computed from its ledger: where the game time went, per agent. */

export interface SlotClockSummary {
  readonly slot: number;
  readonly decisions: number;
  /** Game time charged to thinking (lcrt charged latency), ms. */
  readonly thinkingMs: number;
  /** Game time this agent's chunks ran, ms. */
  readonly actingMs: number;
  readonly meanChargedMs: number;
}

export interface ClockSummary {
  /** Game time the ledger's advances requested and really ran, ms. */
  readonly requestedMs: number;
  readonly actualMs: number;
  /** Largest |actual - requested| of any one advance the episode did not end in, ms (0 on exact games). */
  readonly maxAdvanceErrorMs: number;
  readonly advances: number;
  /** Wall time spent in advances (running the game), ms. */
  readonly advanceWallMs: number;
  readonly slots: readonly SlotClockSummary[];
}

type LedgerLine = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

export function summarizeLedger(lines: readonly LedgerLine[]): ClockSummary {
  let requestedMs = 0;
  let actualMs = 0;
  let maxErr = 0;
  let advances = 0;
  let advanceWallMs = 0;
  const slots = new Map<number, { decisions: number; thinkingMs: number; actingMs: number }>();
  const slot = (s: number): { decisions: number; thinkingMs: number; actingMs: number } => {
    let e = slots.get(s);
    if (!e) slots.set(s, (e = { decisions: 0, thinkingMs: 0, actingMs: 0 }));
    return e;
  };
  for (const l of lines) {
    switch (l.kind) {
      case 'advance':
        advances++;
        requestedMs += num(l.requestedMs);
        actualMs += num(l.actualMs);
        advanceWallMs += num(l.wallMs);
        // An advance cut short by the episode's end ran what there was to run; that is not clock error.
        if (l.ended !== true) maxErr = Math.max(maxErr, Math.abs(num(l.actualMs) - num(l.requestedMs)));
        break;
      case 'realtime':
        actualMs += num(l.actualMs);
        advanceWallMs += num(l.wallMs);
        break;
      case 'placement': {
        const e = slot(num(l.slot));
        e.decisions++;
        e.thinkingMs += num(l.chargedMs);
        e.actingMs += num(l.chunkEndMs) - num(l.chunkStartMs);
        break;
      }
      case 'action': {
        const e = slot(num(l.slot));
        e.decisions++;
        e.thinkingMs += num(l.lagMs);
        e.actingMs += num(l.durationMs);
        break;
      }
      default:
        break;
    }
  }
  return {
    requestedMs,
    actualMs,
    maxAdvanceErrorMs: maxErr,
    advances,
    advanceWallMs,
    slots: [...slots]
      .sort((a, b) => a[0] - b[0])
      .map(([s, e]) => ({ slot: s, ...e, meanChargedMs: e.decisions ? e.thinkingMs / e.decisions : 0 })),
  };
}
