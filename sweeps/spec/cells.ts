/** Expands a sweep spec into its cells and episode jobs; refuses what cannot be played, naming the field. */
import { createHash } from 'node:crypto';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { getGame, type GameEntry } from '../../games-manifest/index.js';
import { chargesLatency, describeFairness, matchOptionsOf, parseFairness, type PausedClockMode } from '../../gateway/index.js';
import type { EpisodeJob, JobAgent } from '../work/episode-job.js';
import type { SpecIssue } from './read-spec.js';
import { specIssues } from './spec-checks.js';
import type { SweepSpec } from './sweep-spec.js';

/** The pool a game goes to when the spec names none. */
export const DEFAULT_POOL = 'default';

/** Canonical JSON: keys sorted, so equal data hashes equal. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A short stable digest of any JSON value. */
export function digest(value: unknown, length = 10): string {
  return createHash('sha256').update(canonical(value)).digest('hex').slice(0, length);
}

/** The line-ups a game of `regime` with `slots` players plays by default. */
function defaultLineups(entry: GameEntry, labels: readonly string[]): string[][] {
  const n = entry.slots.length;
  if (n === 1) return labels.map((l) => [l]);
  if (entry.regime === 'coop') return labels.map((l) => Array.from({ length: n }, () => l));
  const out: string[][] = [];
  for (const a of labels) for (const b of labels) if (a !== b) out.push([a, b]);
  return out.length > 0 ? out : labels.map((l) => [l, l]);
}

/** Every episode job of the spec, in a stable order; SpecIssues for anything unplayable. */
export function expandSpec(spec: SweepSpec): { jobs: EpisodeJob[]; issues: SpecIssue[] } {
  const issues = specIssues(spec);
  if (issues.length > 0) return { jobs: [], issues };
  const agents = new Map(spec.agents.map((a) => [a.label, a]));
  const arms: { clock: PausedClockMode; fairness?: string }[] =
    spec.fairness === undefined ? spec.clocks.map((clock) => ({ clock })) : spec.fairness.map(parseFairness).map((arm) => ({ clock: arm.arm === 'pdq' ? 'pdq' : 'lcrt', fairness: describeFairness(arm) }));
  // Every match option the spec sets, under the names an episode job and a match spec use.
  const { steps, maxStaleShare, ...options } = spec.match;
  const settings = {
    ...matchOptionsOf(options),
    ...(steps === undefined ? {} : { stepBudget: steps }),
    ...(maxStaleShare === undefined ? {} : { maxStaleShare }),
  };
  const jobs: EpisodeJob[] = [];
  for (const item of spec.games) {
    const g = typeof item === 'string' ? { game: item } : item;
    const entry = getGame(g.game);
    const variants = g.variants ?? [entry.variants[0]!.id];
    const lineups = g.lineups ?? (entry.slots.length > 1 ? spec.lineups : undefined) ?? defaultLineups(entry, [...agents.keys()]);
    for (const variant of variants) {
      for (const { clock, fairness } of arms) {
        for (const latency of chargesLatency(clock) ? spec.latencies : ['none']) {
          for (const lineup of lineups) {
            const players: JobAgent[] = lineup.map((label, i) => {
              const a = agents.get(label)!;
              const handicap = fairness === 'handicap' ? a.handicap : undefined;
              return { slot: entry.slots[i]!.slot, label, kind: a.kind, ...(chargesLatency(clock) ? { latency } : {}), ...(handicap === undefined ? {} : { handicap }), ...(a.vlm === undefined ? {} : { vlm: a.vlm }), ...(a.endpoint === undefined ? {} : { endpoint: a.endpoint }) };
            });
            // A plain clock's cell keeps its id; an arm's cell names the arm.
            const what = { game: entry.id, variant, clock, latency, players: players.map(({ endpoint: _e, ...p }) => p), settings, ...(fairness === undefined || fairness === clock ? {} : { fairness }) };
            const cell = `${entry.id}.${variant}.${clock}.${fairness === undefined || fairness === clock ? '' : `${fairness.replace(/:/g, '-')}.`}${digest(what, 8)}`;
            for (let e = 0; e < spec.episodes; e++) {
              const seed = spec.seed + e;
              jobs.push({
                id: `${cell}.s${seed}`,
                batch: spec.name,
                cell,
                cellInfo: { game: entry.id, variant, clock, latency, lineup: [...lineup], ...(fairness === undefined ? {} : { fairness }) },
                episode: e,
                seed,
                pool: g.pool ?? DEFAULT_POOL,
                agents: players,
                ...settings,
                ...(spec.records.shared === undefined ? {} : { shared: spec.records.shared }),
              });
            }
          }
        }
      }
    }
  }
  return { jobs, issues: [] };
}

/** The jobs of a spec, or BAD_CONFIG through `fail` when any cell is unplayable. */
export function specJobs(spec: SweepSpec, fail: (issues: SpecIssue[]) => ArenaError): EpisodeJob[] {
  const { jobs, issues: found } = expandSpec(spec);
  if (found.length > 0) throw fail(found);
  if (jobs.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, 'the spec has no episodes');
  return jobs;
}
