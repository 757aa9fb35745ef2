/**
 * Runs a golden set under one protocol against one model: pre-flight for every case first, then the cases not
 * already complete in RESULTS, as many at once as the endpoint's case limit allows (the sweeps' in-process
 * limiter). Each result is written as soon as it is known, so an interrupted run resumes where it stopped.
 */
import { LocalLimiter } from '../../sweeps/index.js';
import { readCases, type GoldenCase } from '../cases/golden-set.js';
import { runAgentic, type AgenticLimits } from './agentic-run.js';
import { completeResult, resultPath, writeResult, type CaseResult, type OutcomeClass } from './case-result.js';
import { openEndpoint, type ModelRoute } from './model-route.js';
import { runNative } from './native-run.js';
import { preflight, type Protocol } from './task-delivery.js';

/** Cases in flight at once by default: the paper's five (native) and three (agentic) per system. */
export const DEFAULT_CONCURRENCY: Readonly<Record<Protocol, number>> = { native: 5, agentic: 3 };

export interface RunCasesOptions {
  readonly dir: string;
  readonly out: string;
  readonly protocol: Protocol;
  readonly route: ModelRoute;
  /** Cases in flight at once. */
  readonly concurrency: number;
  readonly agentic: AgenticLimits;
  /** Only these case ids (all when undefined). */
  readonly only?: readonly string[];
  readonly signal: AbortSignal;
  /** Called after each case: its result and whether it was already complete. */
  readonly onCase?: (result: CaseResult, skipped: boolean) => void;
}

/** What a run did. */
export interface RunCasesSummary {
  readonly cases: number;
  readonly skipped: number;
  readonly ran: number;
  readonly outcomes: Readonly<Record<OutcomeClass, number>>;
}

/** Runs the set; throws only for a bad golden set, a failed pre-flight or the caller's abort. */
export async function runCases(o: RunCasesOptions): Promise<RunCasesSummary> {
  const cases = readCases(o.dir).filter((c) => o.only === undefined || o.only.includes(c.info.id));
  for (const c of cases) preflight(c.task);
  const endpoint = openEndpoint(o.route);
  const limiter = new LocalLimiter({ [o.route.baseUrl]: { concurrency: o.concurrency } });
  const outcomes: Record<OutcomeClass, number> = { ok: 0, 'invalid-output': 0, 'budget-bound': 0, infrastructure: 0 };
  let skipped = 0;
  const one = async (c: GoldenCase): Promise<void> => {
    const path = resultPath(o.out, o.protocol, o.route.model, c.info.id);
    const done = completeResult(path);
    if (done) {
      skipped += 1;
      outcomes[done.outcome] += 1;
      o.onCase?.(done, true);
      return;
    }
    const release = await limiter.acquire(o.route.baseUrl, o.signal);
    try {
      const result = o.protocol === 'native' ? await runNative(c, endpoint, o.signal) : await runAgentic(c, o.dir, endpoint, o.agentic, o.signal);
      writeResult(path, result);
      outcomes[result.outcome] += 1;
      o.onCase?.(result, false);
    } finally {
      await release();
    }
  };
  try {
    await Promise.all(cases.map(one));
  } finally {
    await limiter.close();
  }
  return { cases: cases.length, skipped, ran: cases.length - skipped, outcomes };
}
