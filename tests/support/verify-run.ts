/** Re-simulates a finished reference-game run and expects it to match its record bit for bit. */
import { expect } from 'vitest';
import { resimulate, type ResimOptions, type ResimReport } from '../../gateway/index.js';
import { launchInProcess } from './in-process-game.js';

/** Verifies the run in `dir` (decision frames, events, progress); fails the test naming the first differing step. */
export async function expectRunReplays(dir: string, options: ResimOptions = {}): Promise<ResimReport> {
  const report = await resimulate(dir, { launch: launchInProcess, ...options });
  expect(report.mismatch, report.mismatch && `step ${report.mismatch.step}: ${report.mismatch.message}`).toBeUndefined();
  expect(report.checked.decisions).toBeGreaterThan(0);
  return report;
}
