/**
 * The service's one entry for every plan it runs in a process of its own: it takes a plan's name and its
 * configuration over the IPC channel (plan-message.ts), runs the plan with the job's folder as its output, and
 * answers with the plan's exit status or its error. SIGINT, SIGTERM and SIGHUP end the plan through the one
 * stop path (a cancelled job), and so does a closed channel (the service died).
 */
import { toArenaError } from '../../protocol/index.js';
import { loadPlan } from '../run/plan-names.js';
import type { PlanIo } from '../run/plan-io.js';
import { abortOnStopSignals } from '../run/stop-signals.js';
import type { PlanDone, PlanRequest } from './plan-message.js';

/** How long a finished plan process waits for handles a library left open (a reconnecting Redis client) before exiting. */
const EXIT_GRACE_MS = 3_000;

async function runRequest(request: PlanRequest, signal: AbortSignal): Promise<PlanDone> {
  const io: PlanIo = {
    signal,
    out: request.out,
    command: request.command,
    // The job's record is the place for progress; the log keeps the lines a reader needs.
    progress: () => undefined,
    log: (text) => void process.stderr.write(text),
    print: (text) => void process.stdout.write(text),
  };
  try {
    return { type: 'done', exit: await (await loadPlan(request.plan)).run(request.config, io) };
  } catch (err) {
    const e = toArenaError(err);
    process.stderr.write(`arena: ${e.code}: ${e.message}\n`);
    return { type: 'done', exit: 2, error: { code: e.code, message: e.message } };
  }
}

const controller = new AbortController();
const stopSignals = abortOnStopSignals(controller);
process.once('disconnect', () => controller.abort(new Error('the service stopped')));
process.once('message', (request: PlanRequest) => {
  void runRequest(request, controller.signal).then((done) => {
    stopSignals();
    process.exitCode = done.exit;
    setTimeout(() => process.exit(done.exit), EXIT_GRACE_MS).unref();
    if (process.connected) process.send!(done, () => process.disconnect());
  });
});
