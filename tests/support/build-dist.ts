/**
 * vitest's global setup: builds dist/ when it is older than the sources (`node bin/build.js --if-stale`), so
 * the `arena` commands, game processes and workers the tests start run the compiled code of this tree. Were
 * the build to fail, they would still run current code, through tsx (bin/code.js); the failure is reported.
 */
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['bin/build.js', '--if-stale'], { stdio: 'inherit' });
}
