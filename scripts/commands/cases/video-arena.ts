/** `arena cases video-arena RUNS... --out DIR [--per-game N] [--seed S]`: a Video-Arena golden set from finished runs (docs/perception.md). */
import { buildVideoArena } from '../../../perception/index.js';
import { videoArenaSettings } from '../../../plans/index.js';
import type { casesVideoArenaFlags } from '../../../plans/cases/cases-flags.js';
import type { FlagValues } from '../../cli/flags.js';
import { ProgressBar } from '../../progress-bar.js';

/** Runs `arena cases video-arena` with parsed flags and the run operands. */
export async function casesVideoArena(values: FlagValues<typeof casesVideoArenaFlags>, runs: readonly string[]): Promise<number> {
  const s = videoArenaSettings(values);
  const bar = values.quiet ? undefined : new ProgressBar('cases video-arena');
  const set = await buildVideoArena(runs, {
    ...s,
    ...(bar ? { onProgress: (phase: string, done: number, total: number, detail: string) => bar.update(phase === 'examine' ? (done / Math.max(1, total)) * 0.3 : 0.3 + (done / Math.max(1, total)) * 0.7, `${phase} ${done}/${total} ${detail}`) } : {}),
  });
  bar?.done();
  const { manifest } = set;
  if (values.json) process.stdout.write(`${JSON.stringify(manifest)}\n`);
  else {
    const games = [...new Set(manifest.cases.map((c) => c.game))];
    process.stdout.write(`${set.out}: ${manifest.cases.length} cases (${games.map((g) => `${g} ${manifest.cases.filter((c) => c.game === g).length}`).join(', ')}), ${manifest.skipped.length} runs left out (manifest.json says why)\n`);
  }
  return 0;
}
