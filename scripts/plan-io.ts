/**
 * The command line's side of a plan: flags -> configuration -> `plan.run(config, io)` -> print. The io here is
 * a progress bar on stderr (none with --quiet), operator lines on stderr, the result on stdout, and the stop
 * signals (plans/run/stop-signals.ts) aborting the plan.
 */
import { abortOnStopSignals, loadPlan, type PlanIo, type PlanName } from '../plans/index.js';
import { parseFlags, type FlagTable, type FlagValues } from './cli/flags.js';
import { ProgressBar } from './progress-bar.js';

/** What a plan command needs besides argv: its flag table, whether it takes operands, and its progress bar's label. */
export interface PlanCommand<T extends FlagTable> {
  readonly plan: PlanName;
  readonly flags: T;
  readonly operands?: boolean;
  readonly label: (values: FlagValues<T>, operands: readonly string[]) => string;
}

/** Parses `argv` with the plan's flag table once and runs the plan with the command line's io; its exit status. */
export async function runPlanCommand<T extends FlagTable>(command: PlanCommand<T>, argv: readonly string[]): Promise<number> {
  const { values, operands, given } = parseFlags(command.plan, command.flags, argv, command.operands ?? false);
  const plan = await loadPlan(command.plan);
  const controller = new AbortController();
  const stopSignals = abortOnStopSignals(controller);
  const quiet = (values as Record<string, unknown>)['quiet'] === true;
  const bar = quiet ? undefined : new ProgressBar(command.label(values, operands));
  const io: PlanIo = {
    signal: controller.signal,
    out: undefined,
    command: ['arena', command.plan, ...argv],
    progress: (fraction, detail) => bar?.update(fraction, detail),
    log: (text) => void process.stderr.write(text),
    print: (text) => void process.stdout.write(text),
  };
  try {
    return await plan.run({ values, given: [...given], operands }, io);
  } finally {
    bar?.done();
    stopSignals();
  }
}
