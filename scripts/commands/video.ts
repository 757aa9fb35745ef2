/** `arena video RUN [--fps N] [--panel|--no-panel] [--out FILE]`: a finished reference-game run's episode.mp4, by re-simulation. */
import { parseArgs } from 'node:util';
import { videoFromRun } from '../../video/index.js';
import { usage } from '../cli-error.js';

export const videoOptions = {
  fps: { type: 'string', default: '10' },
  panel: { type: 'boolean', default: true },
  'no-panel': { type: 'boolean', default: false },
  out: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const VIDEO_HELP = `usage: arena video RUN_DIR [--fps N] [--panel|--no-panel] [--out FILE] [--json]

Re-simulates a finished pdq or lcrt run of a reference game and writes episode.mp4 (H.264, yuv420p) into
the run directory: every player's view at N frames per second of game time, the frames between decisions
included (a red bar over a view while a decision's latency is charged, green while its chunk runs, amber
during the observation delay), and a side panel with each decision's reasoning, answer and parsed chunk,
the keys held and the clock (game time thinking vs acting, wall time deciding). The re-simulation checks
the run as it goes: a run that does not replay exits 2 with REPLAY_MISMATCH.

  --fps N      video frames per second of game time, 1-60 (default 10)
  --no-panel   the game views only
  --out FILE   write the video elsewhere
  --json       print the result (path, frames, size, game time) as JSON

examples:
  arena match --steps 6 --runs-dir /tmp/runs
  arena video /tmp/runs/RUN_ID --fps 15
`;

export async function videoCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: videoOptions, allowPositionals: true, strict: true });
  if (values.help) {
    process.stdout.write(VIDEO_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw usage('usage: arena video RUN_DIR [--fps N] [--no-panel] [--out FILE]');
  const fps = Number(values.fps);
  if (!Number.isFinite(fps)) throw usage(`--fps takes a number (got '${values.fps}')`);
  const video = await videoFromRun(positionals[0]!, { fps, panel: values.panel && !values['no-panel'], ...(values.out ? { out: values.out } : {}) });
  const { resim: _resim, ...shown } = video;
  process.stdout.write(values.json ? `${JSON.stringify(shown)}\n` : `${video.path}: ${video.frames} frames at ${fps} fps (${(video.simMs / 1000).toFixed(1)} s of game time)\n`);
  return 0;
}
