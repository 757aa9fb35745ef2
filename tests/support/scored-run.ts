/** A hand-made last_stand run directory whose progress is clamped at 1 from 1 s on while its raw score goes 2, then 8. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Writes the run into a new temporary directory (the caller removes it): run.json under `profile`, running, or
 * complete with its result when `complete` (our progress 1, the benchmark score 8 under the omnigamearena profile),
 * and two progress lines (1 s: score 2, 5 s: score 8, progress 1 at both).
 */
export function scoredRun(profile: 'default' | 'omnigamearena', complete = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'arena-scored-run-'));
  const agents = [{ slot: 0, kind: 'random', label: 'random', latency: 'none' }];
  const conditions = { clock: 'pdq', observationDelayMs: 2000, stepBudget: 300, timeLimitMs: 60_000, decisionTimeoutMs: 180_000, frame: { width: 320, height: 180, encoding: 'rgb', recordedEncoding: 'jpeg', jpegQuality: 85 }, feedback: true, profile, gateway: { version: '0', commit: 'test' }, agents: agents.map((a) => ({ ...a, latencyMeaning: 'none', frameEncoding: 'rgb', privileged: false })) };
  const result = { reason: 'step_budget', episode: 'budget', simMs: 6000, players: [{ slot: 0, label: 'random', progress: 1, score: 8, outcome: 'none', decisions: 2 }], ...(profile === 'omnigamearena' ? { benchmark: { scores: [8], outOfRange: [] } } : {}) };
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ runId: 'scored', game: 'last_stand', variant: 'origin', seed: 1, clock: 'pdq', status: complete ? 'complete' : 'running', profile, agents, conditions, ...(complete ? { result } : {}) }));
  const progress = [
    { simMs: 1000, players: [{ slot: 0, progress: 1, score: 2 }] },
    { simMs: 5000, players: [{ slot: 0, progress: 1, score: 8 }] },
  ];
  writeFileSync(join(dir, 'progress.jsonl'), progress.map((l) => `${JSON.stringify(l)}\n`).join(''));
  return dir;
}
