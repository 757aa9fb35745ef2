/** Temporary run directories and readers for run records. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJsonl } from '../../gateway/index.js';

export function tempRunsDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'arena-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function readRun(dir: string): {
  meta: Record<string, unknown> & { status: string; result?: { reason: string; episode?: string }; failure?: { code: string; class: string } };
  ledger: Record<string, unknown>[];
  decisions: Record<string, unknown>[];
  events: { type: string; simMs: number; slot?: number; name?: string; data?: Record<string, unknown> }[];
  progress: Record<string, unknown>[];
} {
  return {
    meta: JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as never,
    ledger: readJsonl(join(dir, 'ledger.jsonl')),
    decisions: readJsonl(join(dir, 'decisions.jsonl')),
    events: readJsonl(join(dir, 'events.jsonl')),
    progress: readJsonl(join(dir, 'progress.jsonl')),
  };
}
