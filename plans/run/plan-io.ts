/**
 * What a plan's `run(config, io)` is given besides its configuration: where its progress, operator lines and
 * result text go, the signal that ends it, its output folder and the command recorded in its runs. The command
 * line gives a progress bar, stderr, stdout and the stop signals (scripts/plan-io.ts); the service's plan
 * process gives the job's log and its cancel (plans/jobs/plan-process.ts). A plan never writes to the process
 * streams itself, so the same function runs under both.
 */

/** A plan's surroundings. */
export interface PlanIo {
  /** Ends the plan: work in flight ends as aborted, its records closed (a stop signal, a cancelled job). */
  readonly signal: AbortSignal;
  /** The folder the plan writes into when its configuration names none (the service's job folder), or undefined. */
  readonly out: string | undefined;
  /** What started the plan, recorded in the runs it writes (`arena curve --rounds 3`, or the service's job). */
  readonly command: readonly string[];
  /** How far the plan is (0 to 1) and what it does now. */
  readonly progress: (fraction: number, label: string) => void;
  /** Lines for the operator (each ends in a newline): where the record goes, that it stopped, a warning. */
  readonly log: (text: string) => void;
  /** The plan's result as text (tables, a summary, JSON when asked): the command line's stdout. */
  readonly print: (text: string) => void;
}

/** A kind of work: its name and its run function; 0 when done, 1 when it ran but the outcome is a failure. Bad input throws an ArenaError. */
export interface Plan<C> {
  readonly name: string;
  run(config: C, io: PlanIo): Promise<number>;
}

/**
 * The configuration of a plan whose settings are a flag table (tournament, curve, sweep...): the table's values,
 * which of them were set (the rest are defaults), and the operands (a task, a spec file, run folders). The
 * command line parses argv into it once; the service builds it from a job's JSON configuration.
 */
export interface FlagPlanConfig<V> {
  readonly values: V;
  readonly given: readonly string[];
  readonly operands: readonly string[];
}

/** The fields every engine run of a plan takes from its io: the signal that ends it and the command its records name. */
export function engineRunFields(io: PlanIo): { signal: AbortSignal; meta: { command: string[] } } {
  return { signal: io.signal, meta: { command: [...io.command] } };
}
