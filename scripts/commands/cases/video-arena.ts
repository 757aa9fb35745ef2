/** `arena cases video-arena RUNS... --out DIR [--per-game N] [--seed S]`: a Video-Arena golden set from finished runs (docs/perception.md). */
import { buildVideoArena } from '../../../perception/index.js';
import { usage } from '../../cli-error.js';
import type { FlagTable, FlagValues } from '../../cli/flags.js';
import { ProgressBar } from '../../progress-bar.js';

/** The flags of `arena cases video-arena` (`out`, `seed` and `json` are shared with run and score, each meaning its own). */
export const casesVideoArenaFlags = {
  out: { type: 'string', arg: 'DIR', defaultText: 'required', description: 'video-arena: the golden set folder to write (new or empty)' },
  'per-game': { type: 'string', kind: 'integer', arg: 'N', default: '20', description: 'video-arena: cases per game' },
  seed: { type: 'string', kind: 'integer', arg: 'S', default: '1', description: 'video-arena: the selection seed; the same runs and seed give the same set' },
  fps: { type: 'string', kind: 'integer', arg: 'N', default: '10', description: 'video-arena: video frames per second of game time, 1-60' },
  json: { type: 'boolean', description: 'video-arena: print the manifest as JSON' },
  quiet: { type: 'boolean', description: 'video-arena: no progress bar' },
} as const satisfies FlagTable;

/** Runs `arena cases video-arena` with parsed flags and the run operands. */
export async function casesVideoArena(values: FlagValues<typeof casesVideoArenaFlags>, runs: readonly string[]): Promise<number> {
  if (values.out === undefined) throw usage('arena cases video-arena needs --out DIR');
  const fps = Number(values.fps);
  if (fps < 1 || fps > 60) throw usage(`--fps takes 1 to 60 frames per second (got ${fps})`);
  const bar = values.quiet ? undefined : new ProgressBar('cases video-arena');
  const set = await buildVideoArena(runs, {
    out: values.out,
    perGame: Number(values['per-game']),
    seed: Number(values.seed),
    fps,
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
