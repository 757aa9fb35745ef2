/** `arena replay RUN --verify`: re-simulates a finished reference-game run and checks it against its record. */
import { parseArgs } from 'node:util';
import { resimulate } from '../../gateway/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { usage } from '../cli-error.js';

export const replayOptions = {
  verify: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const REPLAY_HELP = `usage: arena replay RUN_DIR --verify [--json]

Replays a finished pdq or lcrt run of a reference game from its record (seed, variant, frame size and the
executed input schedule: each decision's inputs at its placed chunk start, advanced exactly as the ledger
says) and checks every decision frame bit for bit against its recorded digest, every event and every
progress line. Exit 0 when the run replays; exit 2 with REPLAY_MISMATCH naming the first differing step
otherwise; BAD_CONFIG for a run that cannot be re-simulated (a realtime run, a desktop or UE5 game).

  --verify    check the replay against the record (required)
  --json      print the report as JSON

examples:
  arena match --steps 6 --runs-dir /tmp/runs
  arena replay /tmp/runs/RUN_ID --verify
`;

export async function replayCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: replayOptions, allowPositionals: true, strict: true });
  if (values.help) {
    process.stdout.write(REPLAY_HELP);
    return 0;
  }
  if (positionals.length !== 1 || !values.verify) throw usage('usage: arena replay RUN_DIR --verify [--json]');
  const report = await resimulate(positionals[0]!);
  if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  if (report.mismatch) throw new ArenaError(ErrorCode.REPLAY_MISMATCH, `${report.runId}: first difference at step ${report.mismatch.step}${report.mismatch.slot === undefined ? '' : ` of slot ${report.mismatch.slot}`}: ${report.mismatch.message}`);
  const c = report.checked;
  if (!values.json) process.stdout.write(`${report.runId}: replays bit for bit: ${c.decisions} decision frames, ${c.events} events, ${c.progress} progress lines, ${c.advances} advances (${(report.simMs / 1000).toFixed(1)} s of game time in ${(report.wallMs / 1000).toFixed(2)} s)\n`);
  return 0;
}
