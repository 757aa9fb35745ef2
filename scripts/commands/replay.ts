/** `arena replay RUN --verify`: re-simulates a finished reference-game run and checks it against its record. */
import { resimulate } from '../../gateway/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';

/** `arena replay`'s flags; the run directory is the one operand. */
export const replayOptions = {
  verify: { type: 'boolean', description: 'check the replay against the record (required)' },
  json: { type: 'boolean', description: 'print the report as JSON' },
} as const satisfies FlagTable;

export async function replayCommand(argv: string[]): Promise<number> {
  const { values, operands: positionals } = parseFlags('replay', replayOptions, argv, true);
  if (positionals.length !== 1 || !values.verify) throw usage('usage: arena replay RUN_DIR --verify [--json]');
  const report = await resimulate(positionals[0]!);
  if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  if (report.mismatch) throw new ArenaError(ErrorCode.REPLAY_MISMATCH, `${report.runId}: first difference at step ${report.mismatch.step}${report.mismatch.slot === undefined ? '' : ` of slot ${report.mismatch.slot}`}: ${report.mismatch.message}`);
  const c = report.checked;
  if (!values.json) process.stdout.write(`${report.runId}: replays bit for bit: ${c.decisions} decision frames (${c.recordedFrames} recorded raw frames hold their digests' pixels), ${c.events} events, ${c.progress} progress lines, ${c.advances} advances (${(report.simMs / 1000).toFixed(1)} s of game time in ${(report.wallMs / 1000).toFixed(2)} s)\n`);
  if (!values.json && report.inFlight.length > 0) process.stdout.write(`${report.runId}: ${report.inFlight.length} decision(s) were in flight when the run stopped and are not in the record: ${report.inFlight.map((j) => `slot ${j.slot} step ${j.step}${j.frame ? ` (${j.frame})` : ''}`).join(', ')}\n`);
  return 0;
}

/** `arena replay` in the command table. */
export const replayCli: CommandSpec = {
  flags: replayOptions,
  operands: { name: 'RUN_DIR', description: 'a finished pdq or lcrt run of a reference game' },
  examples: ['arena replay /tmp/runs/RUN_ID --verify', 'arena replay /tmp/runs/RUN_ID --verify --json'],
  notes: [
    "Replays the run from its record (seed, variant, frame size and the executed input schedule: each decision's",
    'inputs at its placed chunk start, advanced exactly as the ledger says) and checks every decision frame bit for',
    'bit against its recorded digest, every event and every progress line. Exit 0 when the run replays; exit 2 with',
    'REPLAY_MISMATCH naming the first differing step otherwise; BAD_CONFIG for a run that cannot be re-simulated',
    '(a realtime run, a desktop or UE5 game). A run to try it on: arena match --steps 6 --runs-dir /tmp/runs',
  ],
  run: replayCommand,
};
