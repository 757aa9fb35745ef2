/** `arena cases run DIR --protocol native|agentic --model M --base-url URL --out RESULTS`: a model on a golden set. */
import { runCases } from '../../../perception/index.js';
import { casesRunSettings } from '../../../plans/index.js';
import type { casesRunFlags } from '../../../plans/cases/cases-flags.js';
import type { FlagValues } from '../../cli/flags.js';
import { abortOnStopSignals } from '../../stop-signals.js';

/** Runs `arena cases run` with parsed flags and the golden set folder. */
export async function casesRun(values: FlagValues<typeof casesRunFlags>, dir: string): Promise<number> {
  const settings = casesRunSettings(values);
  const controller = new AbortController();
  const stop = abortOnStopSignals(controller);
  try {
    const summary = await runCases({
      ...settings,
      dir,
      signal: controller.signal,
      onCase: (r, skipped) => process.stdout.write(`${r.caseId} ${r.protocol} ${r.model}: ${skipped ? 'complete already' : r.outcome}${r.infraClass ? ` (${r.infraClass})` : ''}${r.reason ? ` (${r.reason})` : ''}, ${r.tuples.length} tuples\n`),
    });
    process.stdout.write(`${summary.cases} cases: ${summary.ran} run, ${summary.skipped} complete already; ${Object.entries(summary.outcomes).map(([k, n]) => `${k} ${n}`).join(', ')}\n`);
    return summary.outcomes.infrastructure > 0 ? 1 : 0;
  } finally {
    stop();
  }
}
