/** `arena video RUN [--fps N] [--panel|--no-panel] [--out FILE]`: a finished reference-game run's episode.mp4, by re-simulation. */
import { videoFromRun } from '../../video/index.js';
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';

/** `arena video`'s flags; the run directory is the one operand. */
export const videoOptions = {
  fps: { type: 'string', kind: 'number', arg: 'N', default: '10', description: 'video frames per second of game time, 1-60' },
  panel: { type: 'boolean', description: 'with the side panel (what happens without --no-panel too)' },
  'no-panel': { type: 'boolean', description: 'the game views only' },
  out: { type: 'string', arg: 'FILE', defaultText: 'RUN_DIR/episode.mp4', description: 'write the video elsewhere' },
  json: { type: 'boolean', description: 'print the result (path, frames, size, game time) as JSON' },
} as const satisfies FlagTable;

export async function videoCommand(argv: string[]): Promise<number> {
  const { values, operands: positionals } = parseFlags('video', videoOptions, argv, true);
  if (positionals.length !== 1) throw usage('usage: arena video RUN_DIR [--fps N] [--no-panel] [--out FILE]');
  const fps = Number(values.fps);
  const video = await videoFromRun(positionals[0]!, { fps, panel: !values['no-panel'], ...(values.out ? { out: values.out } : {}) });
  const { resim: _resim, ...shown } = video;
  process.stdout.write(values.json ? `${JSON.stringify(shown)}\n` : `${video.path}: ${video.frames} frames at ${fps} fps (${(video.simMs / 1000).toFixed(1)} s of game time)\n`);
  return 0;
}

/** `arena video` in the command table. */
export const videoCli: CommandSpec = {
  flags: videoOptions,
  operands: { name: 'RUN_DIR', description: 'a finished pdq or lcrt run of a reference game' },
  examples: ['arena video /tmp/runs/RUN_ID --fps 15', 'arena video /tmp/runs/RUN_ID --no-panel --out /tmp/episode.mp4'],
  notes: [
    'Re-simulates the run and writes episode.mp4 (H.264, yuv420p) into the run directory: every player\'s view at N',
    'frames per second of game time, the frames between decisions included (a red bar over a view while a',
    "decision's latency is charged, green while its chunk runs, amber during the observation delay), and a side",
    "panel with each decision's reasoning, answer and parsed chunk, the keys held and the clock. A run that does not",
    'replay exits 2 with REPLAY_MISMATCH. A run to try it on: arena match --steps 6 --runs-dir /tmp/runs',
  ],
  run: videoCommand,
};
