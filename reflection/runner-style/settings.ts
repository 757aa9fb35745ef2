/**
 * The settings of a curve run in the benchmark runner's style (`style: runner`, docs/idc.md): where its
 * round 0 comes from and how its skill validator is called. Stored in `curve.json` with the other settings.
 */
import { z } from 'zod';

/** The runner style's own settings; their presence in a curve's settings selects the style. */
export const RunnerStyleSettings = z.strictObject({
  /** A folder of finished cold-start runs (searched recursively for `run.json`) that becomes round 0. */
  roundZero: z.string().min(1).max(4096),
  /** The validator's model; default the reflector's. */
  validatorModel: z.string().min(1).max(256).optional(),
  /** The validator's sampling temperature; default 0, null sends none. */
  validatorTemperature: z.number().min(0).max(2).nullable().default(0),
  /** Most validator calls per reflection; later ones are answered that the budget is spent (the runner's 5). */
  maxValidateCalls: z.number().int().min(0).max(50).default(5),
  /** Reflections tried before the previous skill is kept when none submits a skill (the runner's 2). */
  reflectionAttempts: z.number().int().min(1).max(5).default(2),
});
export type RunnerStyleSettings = z.infer<typeof RunnerStyleSettings>;
