/**
 * A conformance run: named checks, each passing with a detail, failing with a reason, or skipped with why.
 * A check is an async function; it fails by throwing (an ArenaError's code leads its reason).
 */
import { ArenaError } from '../protocol/index.js';

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  readonly name: string;
  readonly status: CheckStatus;
  /** What was seen (pass), why it failed (fail), or why it did not run (skip). */
  readonly detail: string;
  /** Wall time the check took, ms. */
  readonly ms: number;
}

class CheckFailed extends Error {}
class CheckSkipped extends Error {}

/** Fails the running check with `reason`. */
export function fail(reason: string): never {
  throw new CheckFailed(reason);
}

/** Skips the running check with `reason`. */
export function skip(reason: string): never {
  throw new CheckSkipped(reason);
}

/** Fails the running check with `reason` unless `ok`. */
export function expectThat(ok: boolean, reason: string): void {
  if (!ok) fail(reason);
}

export class CheckRun {
  readonly results: CheckResult[] = [];

  constructor(private readonly onResult: (r: CheckResult) => void = () => undefined) {}

  /** Runs one check; resolves true when it passed. */
  async check(name: string, fn: () => Promise<string>): Promise<boolean> {
    const started = performance.now();
    let status: CheckStatus = 'pass';
    let detail: string;
    try {
      detail = await fn();
    } catch (err) {
      status = err instanceof CheckSkipped ? 'skip' : 'fail';
      detail = err instanceof ArenaError ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
    }
    const result: CheckResult = { name, status, detail, ms: performance.now() - started };
    this.results.push(result);
    this.onResult(result);
    return status === 'pass';
  }

  /** Records a check that could not run because an earlier one failed. */
  blocked(name: string, because: string): void {
    const result: CheckResult = { name, status: 'skip', detail: `not run: ${because} failed`, ms: 0 };
    this.results.push(result);
    this.onResult(result);
  }

  get failed(): number {
    return this.results.filter((r) => r.status === 'fail').length;
  }
}

/** One line of the pass/fail table. */
export function formatResult(r: CheckResult, nameWidth = 44): string {
  const tag = r.status === 'pass' ? 'PASS' : r.status === 'fail' ? 'FAIL' : 'SKIP';
  return `${tag}  ${r.name.padEnd(nameWidth)}  ${r.detail}`;
}

/** Resolves after `ms` of wall time: conformance checks that a paused game holds still across real time. */
export function wallWait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Rounds for display. */
export const fmt = (n: number, digits = 1): string => (Number.isInteger(n) ? String(n) : n.toFixed(digits));
