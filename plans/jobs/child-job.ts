/**
 * Runs an `arena` command as a child process for a job (tournaments and curves resume from their own files,
 * so a child that stops can be run again). Cancelling sends SIGINT, which the commands handle by stopping
 * cleanly; the child also stops when its service dies (its stdin closes). Output goes to the job's log.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../env-bridge/index.js';
import type { JobOutcome } from '../../serve/index.js';

const ARENA_BIN = join(PROJECT_ROOT, 'bin', 'arena.js');

/** Environment variable that makes `arena` stop (as on Ctrl-C) when its stdin closes. */
export const EXIT_WITH_PARENT = 'ARENA_EXIT_WITH_PARENT';

/** Runs `arena ...args` until it exits or `signal` aborts it; the last `arena: CODE: message` line is the error. */
export function runChildJob(args: readonly string[], jobDir: string, signal: AbortSignal): Promise<JobOutcome> {
  const log = createWriteStream(join(jobDir, 'output.log'), { flags: 'a' });
  const child = spawn(process.execPath, [ARENA_BIN, ...args], { env: { ...process.env, [EXIT_WITH_PARENT]: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stdout.pipe(log, { end: false });
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-8192);
    log.write(d);
  });
  const onAbort = (): void => void child.kill('SIGINT');
  signal.addEventListener('abort', onAbort, { once: true });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      log.end();
      if (code === 0) return resolve({ status: 'complete' });
      const m = [...stderr.matchAll(/^arena: ([A-Z_]+): (.*)$/gm)].pop();
      resolve({ status: 'failed', error: { code: m?.[1] ?? 'INTERNAL', message: m?.[2] ?? `arena exited with ${code}` } });
    });
  });
}
