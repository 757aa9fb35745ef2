/**
 * The settings of one Improvement Dynamics Curve: plain data, validated once, stored in `curve.json` and
 * compared on resume (every field but `rounds` must match). Functions (the player factory, the reflector
 * client, the token counter) are passed to `runCurve` beside them.
 */
import { z } from 'zod';
import { ArenaError, ErrorCode, formatIssues, issueDetails } from '../protocol/index.js';
import { ClockMode, LATENCY_FORMS_TEXT, MatchOptions, parseLatencySource } from '../gateway/index.js';
import { RunDefaults } from '../games-manifest/index.js';
import { DEFAULT_BANNED_PATTERNS } from './banned-patterns.js';
import { RunnerStyleSettings } from './runner-style/settings.js';

/** A map-memorising pattern a skill may not contain: a JavaScript regular expression with an id and a reason. */
export const BannedPattern = z
  .strictObject({
    /** Stable id, reported with each rejection (e.g. `ordinal-feature`). */
    id: z.string().min(1).max(64),
    /** Regular expression source (JavaScript syntax). */
    pattern: z.string().min(1).max(2000),
    /** Regular expression flags from `imsu`; default `i`. */
    flags: z.string().regex(/^[imsu]*$/, 'flags may only be i, m, s, u').default('i'),
    /** Why it is banned, told to the reflector when a submission matches. */
    description: z.string().min(1).max(300),
  })
  .superRefine((p, ctx) => {
    try {
      new RegExp(p.pattern, p.flags);
    } catch (err) {
      ctx.addIssue({ code: 'custom', path: ['pattern'], message: `not a valid regular expression: ${err instanceof Error ? err.message : String(err)}` });
    }
  });
export type BannedPattern = z.infer<typeof BannedPattern>;

/** How the reflector model is called and bounded. */
export const ReflectorSettings = z.strictObject({
  /** Model name as the reflector's endpoint knows it. */
  model: z.string().min(1).max(256),
  /** Most inspection tool calls (every tool but `submit`) per reflection; default 24. */
  maxToolCalls: z.number().int().min(0).max(500).default(24),
  /** Most `submit` calls per reflection; a rejected one may be retried until this runs out; default 3. */
  maxSubmissions: z.number().int().min(1).max(20).default(3),
  /** Most frames one `view_frames` call returns; default 4. */
  maxFramesPerCall: z.number().int().min(1).max(16).default(4),
  /** Largest side of a frame shown to the reflector, px; default 512. */
  frameMaxSide: z.number().int().min(16).max(4096).default(512),
  /** Sampling temperature; default 0; null sends none. */
  temperature: z.number().min(0).max(2).nullable().default(RunDefaults.temperature),
  /** Most tokens the reflector may write per turn (`max_completion_tokens`); default 4096, null sends no limit. */
  maxOutputTokens: z.number().int().positive().max(1_000_000).nullable().default(4096),
  /** Extra request-body fields passed through as written (e.g. `{"reasoning_effort":"low"}`). */
  extraBody: z
    .record(z.string(), z.unknown())
    .refine((o) => ['model', 'messages', 'tools', 'tool_choice', 'stream'].every((k) => !(k in o)), 'may not set model, messages, tools, tool_choice or stream')
    .default({}),
});
export type ReflectorSettings = z.infer<typeof ReflectorSettings>;

/**
 * Match options every episode of the curve shares: the match options (`MatchOptions`, the one schema of
 * gateway/match/match-options.ts; unset means the game's own) and the latency source of every player slot.
 */
export const CurveMatchSettings = MatchOptions.extend({
  /** `lcrt` latency source of every player slot (`LATENCY_FORMS_TEXT`). */
  latency: z
    .string()
    .refine((s) => {
      try {
        parseLatencySource(s);
        return true;
      } catch {
        return false;
      }
    }, `not a latency source (${LATENCY_FORMS_TEXT})`)
    .optional(),
});
export type CurveMatchSettings = z.infer<typeof CurveMatchSettings>;

/** Settings of a curve; every field but `game`, `rounds`, `episodes` and `reflector.model` has a default. */
export const CurveSettings = z.strictObject({
  /** Manifest id of the game (solo or coop). */
  game: z.string().min(1),
  /** Variant the skill is learned on; default the game's first variant that is not held out. */
  variant: z.string().min(1).optional(),
  /** Variants for held-out transfer; default every held-out variant of the game; `[]` skips transfer. */
  heldOut: z.array(z.string().min(1)).max(64).optional(),
  /** Reflection rounds R: the curve has R + 1 rounds, round 0 with the empty skill. */
  rounds: z.number().int().min(0).max(1000),
  /** Episodes K per round and per held-out arm. */
  episodes: z.number().int().min(1).max(10_000),
  /** Seed of episode 0; episode k of every round and arm plays seed + k, so rounds compare pairwise. */
  seed: z.number().int().min(0).default(1),
  clock: ClockMode.default('pdq'),
  /** A round whose mean score reaches this ends the curve early; default 0.999. */
  successThreshold: z.number().min(0).max(1).default(0.999),
  /** A round whose mean falls below this ratio of the best round's mean triggers a rollback; default 0.5. */
  rollbackRatio: z.number().min(0).max(1).default(0.5),
  /** Most skill tokens a submission may have; default 1200. */
  skillTokens: z.number().int().min(1).max(100_000).default(1200),
  /** Most notebook tokens a submission may have; default 2000. */
  notebookTokens: z.number().int().min(1).max(100_000).default(2000),
  /** Most diagnosis tokens a submission may have; default 400. */
  diagnosisTokens: z.number().int().min(1).max(100_000).default(400),
  /** Patterns a skill may not match; default {@link DEFAULT_BANNED_PATTERNS}. */
  banned: z.array(BannedPattern).max(256).default(() => DEFAULT_BANNED_PATTERNS.map((p) => ({ ...p }))),
  /** Apply the banned patterns to the notebook too (it is never shown to the player); default false. */
  lintNotebook: z.boolean().default(false),
  reflector: ReflectorSettings,
  /** Replays of an episode that failed for an infrastructure reason before the curve stops; default 1. */
  episodeRetries: z.number().int().min(0).max(10).default(1),
  match: CurveMatchSettings.default({}),
  /** Run the curve as the benchmark's runner does (round 0 from cold-start runs, diagnosis, validator, its lints and metrics, no early stop); absent: our style. */
  runner: RunnerStyleSettings.optional(),
  /** A description of the player (the CLI stores its kind, VLM configuration, reflector endpoint and key variable name): stored, and compared on resume. */
  player: z.record(z.string(), z.unknown()).default({}),
});
export type CurveSettings = z.infer<typeof CurveSettings>;
/** The settings as written by a caller (defaults not yet applied). */
export type CurveSettingsInput = z.input<typeof CurveSettings>;

/** Validates curve settings; BAD_CONFIG naming each bad field otherwise. */
export function parseCurveSettings(input: unknown): CurveSettings {
  const result = CurveSettings.safeParse(input);
  if (result.success) return result.data;
  throw new ArenaError(ErrorCode.BAD_CONFIG, `bad curve settings: ${formatIssues(result.error, '(settings)')}`, {
    cause: result.error,
    details: { issues: issueDetails(result.error) },
  });
}
