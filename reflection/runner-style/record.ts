/** What `curve.json` keeps of the runner style: per reflection its lints, diagnoses and validator verdicts; for round 0 where its runs came from. */
import { z } from 'zod';

/** A pre-reflection lint that fired. */
export const LintRecord = z.strictObject({
  id: z.enum(['EMPTY_SKILL_DOWNSTREAM', 'STAGNANT', 'BIMODAL']),
  severity: z.enum(['high', 'medium', 'info']),
  message: z.string(),
  detail: z.record(z.string(), z.union([z.number(), z.array(z.number())])),
});

/** One `submit_diagnosis` call. */
export const DiagnosisRecord = z.strictObject({
  diagnosis: z.string(),
  deletions: z.array(z.string()),
  additions: z.array(z.string()),
  referencedSignals: z.array(z.string()),
});
export type DiagnosisRecord = z.infer<typeof DiagnosisRecord>;

/** The validator's verdict on one draft: `ok`, `needs_revision`, none found in its answer, its call failed, or the budget was spent. */
export const Verdict = z.enum(['ok', 'needs_revision', 'unclear', 'error', 'budget']);
export type Verdict = z.infer<typeof Verdict>;

/** One `validate_skill` call. */
export const ValidationRecord = z.strictObject({
  call: z.number().int().min(1),
  verdict: Verdict,
  model: z.string(),
  /** SHA-256 (16 hex digits) of the draft skill judged, to tell it apart from the one submitted. */
  draftSha256: z.string(),
  /** The judge's report, cut to 4000 characters (the transcript has it whole). */
  report: z.string(),
});
export type ValidationRecord = z.infer<typeof ValidationRecord>;

/** The runner style's part of the reflection that made a round's skill. */
export const RunnerReflectionRecord = z.strictObject({
  /** Lints computed on the round reflected on, shown to the reflector. */
  lints: z.array(LintRecord),
  diagnoses: z.array(DiagnosisRecord),
  /** Submits refused because no diagnosis had been given yet. */
  blockedSubmits: z.number().int().min(0),
  validations: z.array(ValidationRecord),
  /** Reflections run; a second one follows a reflection that submitted no skill. */
  attempts: z.number().int().min(1),
});
export type RunnerReflectionRecord = z.infer<typeof RunnerReflectionRecord>;

/** Round 0 of a runner-style curve: the cold-start runs it adopted. */
export const ColdStartRecord = z.strictObject({
  /** The folder the runs were found in, as given. */
  from: z.string(),
  /** Each adopted run's original directory, in episode order. */
  runs: z.array(z.string()),
  /** Runs of another game, variant, clock or profile found there and left out. */
  otherSetup: z.number().int().min(0),
  /** Runs of another agent (or with a skill) found there and left out. */
  otherAgents: z.number().int().min(0),
  /** Runs that were no result of play (failed or incomplete) and left out, as the runner leaves out runs not `ok`. */
  notPlayed: z.number().int().min(0),
});
export type ColdStartRecord = z.infer<typeof ColdStartRecord>;
