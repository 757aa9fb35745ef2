/**
 * `arena cases score`: every (model, protocol) of a results folder scored against the golden set's references
 * (strict F1, precision, recall, tiers; game means, macro mean, case-bootstrap intervals), the offline random
 * controls and the native sampling ceilings beside them, and the infrastructure failures kept out of the means.
 */
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { readCases, readReference } from '../cases/golden-set.js';
import { readResults, type CaseResult, type InfraClass, type OutcomeClass } from '../protocols/case-result.js';
import type { PerceptionTuple } from '../tuple.js';
import { aggregate, bootstrap, type Aggregate, type CaseValue, type Interval } from './aggregate.js';
import { caseRng, randomTuples, setTimeRandomTuples, vocabularyOf, type Vocabulary } from './random-controls.js';
import { samplingCeiling } from './sampling-ceiling.js';
import { accuracy, scoreTuples } from './tuple-match.js';

/** Random draws averaged per case for each random control. */
export const RANDOM_DRAWS = 16;

export interface ScoreOptions {
  readonly resultsDir: string;
  readonly casesDir: string;
  /** Bootstrap replicates; 0 computes no interval. */
  readonly bootstrap: number;
  readonly seed: number;
}

/** One case of one system as scored. */
export interface CaseRow {
  readonly caseId: string;
  readonly game: string;
  readonly outcome: OutcomeClass;
  readonly f1: number;
  readonly precision: number;
  readonly recall: number;
  readonly t1: number;
  readonly t2: number | undefined;
  readonly t3: number | undefined;
}

/** An infrastructure failure: not in any mean, listed with its class. */
export interface FailureRow {
  readonly caseId: string;
  readonly game: string;
  readonly infraClass: InfraClass | 'unknown';
  readonly message: string;
}

/** A metric's game means, macro mean and (strict F1) intervals. */
export interface Metric extends Aggregate {
  readonly intervals?: { readonly games: Readonly<Record<string, Interval>>; readonly macro: Interval | undefined };
}

/** One model under one protocol. */
export interface SystemScore {
  readonly model: string;
  readonly protocol: string;
  readonly outcomes: Readonly<Record<OutcomeClass, number>>;
  /** Golden-set cases with no result file for this system. */
  readonly missing: readonly string[];
  readonly metrics: { readonly f1: Metric; readonly precision: Metric; readonly recall: Metric; readonly t1: Metric; readonly t2: Metric; readonly t3: Metric };
  readonly cases: readonly CaseRow[];
  readonly failures: readonly FailureRow[];
}

/** The controls, per golden-set case and aggregated. */
export interface Controls {
  readonly random: Aggregate;
  readonly setTimeRandom: Aggregate;
  readonly ceilingActual: Aggregate;
  readonly ceilingUniform: Aggregate;
  readonly cases: readonly { caseId: string; game: string; references: number; random: number; setTimeRandom: number; ceilingActual: number; ceilingUniform: number; unreachable: number; afterLastFrame: number }[];
}

/** The whole score report (`--json` prints it). */
export interface ScoreReport {
  readonly casesDir: string;
  readonly resultsDir: string;
  readonly bootstrap: number;
  readonly seed: number;
  readonly games: readonly string[];
  readonly systems: readonly SystemScore[];
  readonly controls: Controls;
}

const meanOf = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function controls(cases: readonly { id: string; game: string; durationS: number; refs: readonly PerceptionTuple[] }[], seed: number): Controls {
  const vocab = new Map<string, Vocabulary>();
  for (const game of new Set(cases.map((c) => c.game))) vocab.set(game, vocabularyOf(cases.filter((c) => c.game === game).flatMap((c) => c.refs)));
  const rows = cases.map((c) => {
    const v = vocab.get(c.game)!;
    const rand = Array.from({ length: RANDOM_DRAWS }, (_, d) => scoreTuples(randomTuples(caseRng(seed, c.id, 2 * d), v, c.refs.length, c.durationS), c.refs).strict.f1);
    const setTime = Array.from({ length: RANDOM_DRAWS }, (_, d) => scoreTuples(setTimeRandomTuples(caseRng(seed, c.id, 2 * d + 1), v, c.refs), c.refs).strict.f1);
    const ceiling = samplingCeiling(c.refs.map((r) => r.t), c.durationS);
    return { caseId: c.id, game: c.game, references: c.refs.length, random: meanOf(rand), setTimeRandom: meanOf(setTime), ceilingActual: ceiling.actual, ceilingUniform: ceiling.uniform, unreachable: ceiling.unreachable, afterLastFrame: ceiling.afterLastFrame };
  });
  const agg = (key: 'random' | 'setTimeRandom' | 'ceilingActual' | 'ceilingUniform'): Aggregate => aggregate(rows.map((r) => ({ game: r.game, value: r[key] })));
  return { random: agg('random'), setTimeRandom: agg('setTimeRandom'), ceilingActual: agg('ceilingActual'), ceilingUniform: agg('ceilingUniform'), cases: rows };
}

function systemScore(model: string, protocol: string, results: readonly CaseResult[], refs: ReadonlyMap<string, readonly PerceptionTuple[]>, caseIds: readonly string[], o: ScoreOptions): SystemScore {
  const outcomes: Record<OutcomeClass, number> = { ok: 0, 'invalid-output': 0, 'budget-bound': 0, infrastructure: 0 };
  const rows: CaseRow[] = [];
  const failures: FailureRow[] = [];
  for (const r of results) {
    outcomes[r.outcome] += 1;
    if (r.outcome === 'infrastructure') {
      failures.push({ caseId: r.caseId, game: r.game, infraClass: r.infraClass ?? 'unknown', message: r.error?.message ?? '' });
      continue;
    }
    const s = scoreTuples(r.tuples, refs.get(r.caseId)!);
    rows.push({ caseId: r.caseId, game: r.game, outcome: r.outcome, f1: s.strict.f1, precision: s.strict.precision, recall: s.strict.recall, t1: s.t1.f1, t2: accuracy(s.t2), t3: accuracy(s.t3) });
  }
  const values = (key: 'f1' | 'precision' | 'recall' | 't1' | 't2' | 't3'): CaseValue[] => rows.map((r) => ({ game: r.game, value: r[key] }));
  const f1Values = values('f1');
  const seen = new Set(results.map((r) => r.caseId));
  return {
    model,
    protocol,
    outcomes,
    missing: caseIds.filter((id) => !seen.has(id)),
    metrics: {
      f1: { ...aggregate(f1Values), ...(o.bootstrap > 0 ? { intervals: bootstrap(f1Values, o.bootstrap, o.seed) } : {}) },
      precision: aggregate(values('precision')),
      recall: aggregate(values('recall')),
      t1: aggregate(values('t1')),
      t2: aggregate(values('t2')),
      t3: aggregate(values('t3')),
    },
    cases: rows,
    failures,
  };
}

/** Scores every system in `o.resultsDir`; BAD_RECORD for a result of a case the golden set does not have. */
export function scoreResults(o: ScoreOptions): ScoreReport {
  const cases = readCases(o.casesDir);
  const refs = new Map(cases.map((c) => [c.info.id, readReference(o.casesDir, c.info.id).tuples] as const));
  const results = readResults(o.resultsDir);
  for (const r of results) {
    if (!refs.has(r.caseId)) throw new ArenaError(ErrorCode.BAD_RECORD, `${o.resultsDir}: a result for case '${r.caseId}', which ${o.casesDir} does not have`);
  }
  const systems = new Map<string, CaseResult[]>();
  for (const r of results) {
    const k = JSON.stringify([r.model, r.protocol]);
    systems.set(k, [...(systems.get(k) ?? []), r]);
  }
  const caseIds = cases.map((c) => c.info.id);
  return {
    casesDir: o.casesDir,
    resultsDir: o.resultsDir,
    bootstrap: o.bootstrap,
    seed: o.seed,
    games: [...new Set(cases.map((c) => c.info.game))].sort(),
    systems: [...systems.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, rs]) => {
      const [model, protocol] = JSON.parse(k) as [string, string];
      return systemScore(model, protocol, rs, refs, caseIds, o);
    }),
    controls: controls(cases.map((c) => ({ id: c.info.id, game: c.info.game, durationS: c.info.durationS, refs: refs.get(c.info.id)! })), o.seed),
  };
}
