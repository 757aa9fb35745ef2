/**
 * The on-disk shape of a Video-Arena golden set, shared by the case generator, both protocols and the scorer:
 *
 *   OUT/manifest.json              GoldenManifest: the seed, the strata and quotas, every case and its source run
 *   OUT/cases/<id>/task.md         the task instructions, byte-identical under both protocols
 *   OUT/cases/<id>/video.mp4       the episode's video (all the agentic sandbox receives besides task.md)
 *   OUT/cases/<id>/case.json       CaseInfo: what the case is, no labels
 *   OUT/references/<id>.json       CaseReference: the reference tuples, kept outside cases/ so that a copy of a
 *                                  case folder never carries ground truth
 */
import { z } from 'zod';
import { TupleSet } from '../tuple.js';

/** The strata a case is selected by: trajectory shape, outcome and duration bin. */
export const CaseStrata = z.strictObject({
  /** `blowout`, `tense` or `reversal` (how the lead developed), or `solo` where one player has no rival. */
  shape: z.string().min(1),
  /** The episode's outcome label, e.g. `A-wins`, `B-wins`, `draw`, `success`, `failure`. */
  outcome: z.string().min(1),
  /** `short`, `medium` or `long` by the video's duration. */
  duration: z.string().min(1),
});
export type CaseStrata = z.infer<typeof CaseStrata>;

/** case.json: a case's identity and video facts. */
export const CaseInfo = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  game: z.string().min(1),
  variant: z.string().min(1),
  seed: z.number().int(),
  /** The run the case was made from (its run id). */
  sourceRun: z.string().min(1),
  /** Video length, s, and its frame rate. */
  durationS: z.number().positive(),
  videoFps: z.number().positive(),
  videoWidth: z.number().int().positive(),
  videoHeight: z.number().int().positive(),
  /** Game time of the video's first frame, ms (tuple times are seconds from here). */
  startGameMs: z.number().min(0),
  strata: CaseStrata,
});
export type CaseInfo = z.infer<typeof CaseInfo>;

/** references/<id>.json: the labels. */
export const CaseReference = z.strictObject({
  id: z.string(),
  tuples: TupleSet,
});
export type CaseReference = z.infer<typeof CaseReference>;

/** manifest.json: the golden set, auditable: how it was drawn and what it holds. */
export const GoldenManifest = z.strictObject({
  benchmark: z.literal('video-arena'),
  seed: z.number().int(),
  /** Cases per game the selection aimed at. */
  perGame: z.number().int().positive(),
  createdAt: z.string(),
  cases: z.array(
    z.strictObject({ id: z.string(), game: z.string(), sourceRun: z.string(), strata: CaseStrata, references: z.number().int().min(0) }),
  ),
  /** Runs seen and why each one not taken was left out. */
  skipped: z.array(z.strictObject({ run: z.string(), reason: z.string() })),
});
export type GoldenManifest = z.infer<typeof GoldenManifest>;
