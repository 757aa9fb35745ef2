/**
 * The state of a curve as kept in `curve.json`: its settings, each round's skill, episodes, mean and
 * rollback, the best round, and held-out transfer. It is rewritten atomically after every episode and every
 * reflection, so a crashed curve resumes from the last thing that finished.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { readConfigFile } from '../protocol/index.js';
import { CurveSettings } from './curve-settings.js';
import { ColdStartRecord, RunnerReflectionRecord } from './runner-style/record.js';

/** Format version of `curve.json`. */
export const CURVE_STATE_VERSION = 1;

/** One played episode, as the curve keeps it. */
export const EpisodeRecord = z.strictObject({
  episode: z.number().int().min(0),
  seed: z.number().int(),
  /** Run directory, relative to the curve directory. */
  dir: z.string(),
  /** Mean normalised progress of the player's slots, in [0, 1]; under the omnigamearena profile the benchmark score (`result.benchmark`), unclamped. */
  score: z.number(),
  status: z.enum(['complete', 'incomplete']),
  /** Why the episode ended: the game's reason, `time_limit`, `step_budget` or an error code. */
  reason: z.string(),
  simMs: z.number(),
  decisions: z.number().int(),
  invalid: z.number().int(),
  failed: z.number().int(),
  /** Attempts it took, when earlier ones were no result of play (classed `failed` or `incomplete`) and replayed. */
  attempts: z.number().int().min(2).optional(),
});
export type EpisodeRecord = z.infer<typeof EpisodeRecord>;

/** Why a reflection ended without an accepted submission, so the previous skill was kept. */
export const KeepReason = z.enum(['SUBMISSIONS_EXHAUSTED', 'TOOL_BUDGET_EXHAUSTED', 'NO_SUBMISSION']);
export type KeepReason = z.infer<typeof KeepReason>;

/** What a reflection did: its tool calls, submissions and outcome. */
export const ReflectionRecord = z.strictObject({
  /** Round whose play was reflected on. */
  afterRound: z.number().int().min(0),
  /** Round whose skill the reflection started from (the best round after a rollback). */
  baseRound: z.number().int().min(0),
  outcome: z.enum(['accepted', 'kept']),
  keepReason: KeepReason.optional(),
  turns: z.number().int(),
  toolCalls: z.number().int(),
  /** Tool calls refused because the budget was spent. */
  refusedCalls: z.number().int(),
  submissions: z.number().int(),
  /** Lint codes of each rejected submission, in order. */
  rejections: z.array(z.array(z.string())),
  tokensIn: z.number().int(),
  tokensOut: z.number().int(),
  wallMs: z.number(),
});
export type ReflectionRecord = z.infer<typeof ReflectionRecord>;

/** A rollback: the round's mean fell below `ratio` x the best mean, so the best skill was restored. */
export const RollbackRecord = z.strictObject({
  toRound: z.number().int().min(0),
  mean: z.number(),
  bestMean: z.number(),
  ratio: z.number(),
});
export type RollbackRecord = z.infer<typeof RollbackRecord>;

/** One round: the skill it played, where that came from, its episodes and, once finished, its mean. */
export const RoundRecord = z.strictObject({
  round: z.number().int().min(0),
  skill: z.string(),
  skillTokens: z.number().int(),
  notebook: z.string(),
  diagnosis: z.string(),
  /** `empty` for round 0, `reflector` for an accepted submission, `kept` when the previous skill was kept. */
  source: z.enum(['empty', 'reflector', 'kept']),
  /** The reflection that produced this round's skill (absent for round 0). */
  reflection: ReflectionRecord.optional(),
  episodes: z.array(EpisodeRecord),
  mean: z.number().optional(),
  finished: z.boolean(),
  rollback: RollbackRecord.optional(),
  /** The runner style: the lints, diagnoses and validator verdicts of the reflection that made this skill. */
  runner: RunnerReflectionRecord.optional(),
  /** The runner style's round 0: the cold-start runs it is made of. */
  coldStart: ColdStartRecord.optional(),
});
export type RoundRecord = z.infer<typeof RoundRecord>;

/** One arm of a held-out variant: the best skill or no skill. */
export const ArmRecord = z.strictObject({ episodes: z.array(EpisodeRecord), mean: z.number().optional() });
export type ArmRecord = z.infer<typeof ArmRecord>;

/** Held-out transfer on one variant: both arms and the gain (best mean - empty mean). */
export const VariantTransfer = z.strictObject({
  variant: z.string(),
  empty: ArmRecord,
  best: ArmRecord,
  gain: z.number().optional(),
});
export type VariantTransfer = z.infer<typeof VariantTransfer>;

export const TransferRecord = z.strictObject({
  /** The round whose skill was transferred. */
  bestRound: z.number().int().min(0),
  skill: z.string(),
  variants: z.array(VariantTransfer),
  finished: z.boolean(),
});
export type TransferRecord = z.infer<typeof TransferRecord>;

export const CurveState = z.strictObject({
  version: z.literal(CURVE_STATE_VERSION),
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(['running', 'complete', 'stopped']),
  settings: CurveSettings,
  /** The variant the skill is learned on (resolved from the settings). */
  variant: z.string(),
  rounds: z.array(RoundRecord),
  best: z.strictObject({ round: z.number().int().min(0), mean: z.number() }).optional(),
  /** Why the loop ended: all rounds played, or a round reached the success threshold. */
  stop: z.strictObject({ reason: z.enum(['rounds', 'success']), round: z.number().int().min(0) }).optional(),
  transfer: TransferRecord.optional(),
  /** The error that stopped the curve last, if it stopped on one. */
  error: z.strictObject({ code: z.string(), message: z.string() }).optional(),
});
export type CurveState = z.infer<typeof CurveState>;

/** Reads `curve.json`; undefined when there is none; BAD_CONFIG when it is not a curve state. */
export function readCurveState(path: string): CurveState | undefined {
  if (!existsSync(path)) return undefined;
  return readConfigFile(path, CurveState, { noun: 'a curve state' });
}

/** Writes `value` as indented JSON atomically: a temporary file renamed over `path`, so a reader never sees half. */
export function writeJsonAtomic(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, path);
}

/** Writes `curve.json` atomically, stamping `updatedAt`. */
export function writeCurveState(path: string, state: CurveState): void {
  state.updatedAt = new Date().toISOString();
  writeJsonAtomic(path, state);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Dotted paths of the fields that differ between a and b; plain objects are compared field by field, arrays whole. */
function differences(a: unknown, b: unknown, prefix: string): string[] {
  if (!isRecord(a) || !isRecord(b)) return canonical(a) === canonical(b) ? [] : [prefix];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((k) => differences(a[k], b[k], prefix === '' ? k : `${prefix}.${k}`));
}

/**
 * The settings fields that differ between a stored curve and a resumed one, as dotted paths (`episodes`,
 * `match.timeLimitMs`), ignoring `rounds` (a curve may be extended or cut short). An empty list means the curve
 * may resume.
 */
export function settingsMismatch(stored: CurveSettings, now: CurveSettings): string[] {
  const { rounds: _a, ...a } = stored;
  const { rounds: _b, ...b } = now;
  return differences(a, b, '').sort();
}
