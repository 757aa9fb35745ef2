/**
 * Runs a plan for a job in a process of its own (plans/jobs/plan-process.ts): the service sends the plan's name
 * and its configuration over the IPC channel, never command-line flags, and reads back its exit status or error.
 * Cancelling sends SIGINT, the plans' one stop path; the process also stops when the service dies (its channel
 * closes). What the plan logs and prints goes to the job's output.log.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { moduleCommand } from '../../env-bridge/index.js';
import type { JobOutcome } from '../../serve/index.js';
import type { PlanDone, PlanRequest } from './plan-message.js';

/** The module each plan process runs. */
export const PLAN_PROCESS = 'plans/jobs/plan-process.ts';

/** Runs `request.plan` in a plan process until it ends or `signal` aborts it. */
export function runPlanChild(request: PlanRequest, jobDir: string, signal: AbortSignal): Promise<JobOutcome> {
  const log = createWriteStream(join(jobDir, 'output.log'), { flags: 'a' });
  const { command, args } = moduleCommand(PLAN_PROCESS);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  let done: PlanDone | undefined;
  child.on('message', (m: PlanDone) => void (done = m));
  child.send(request);
  const onAbort = (): void => void child.kill('SIGINT');
  signal.addEventListener('abort', onAbort, { once: true });
  return new Promise((resolve) => {
    child.on('close', (code, killedBy) => {
      signal.removeEventListener('abort', onAbort);
      log.end();
      if (done?.exit === 0 && code === 0) return resolve({ status: 'complete' });
      const error = done?.error ?? { code: 'INTERNAL', message: done === undefined ? `the plan process ended (${killedBy ?? `exit ${code}`}) before its plan did` : `plan ${request.plan} ended with a failed outcome (exit ${done.exit}); output.log says why` };
      resolve({ status: 'failed', error });
    });
  });
}
