/**
 * The declared conditions of a run (see run-record-schema.ts): built from the match's effective settings
 * when it starts, completed with the game build once the game said hello.
 */
import { execFileSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../env-bridge/index.js';
import type { Agent } from '../../protocol/index.js';
import { describeLatencySource, type LatencySource } from '../clock/latency.js';
import { chargesLatency, clockModeRow } from '../clock/clock-mode.js';
import { measuredSource } from '../clock/latency-sources.js';
import type { AgentConditions, Conditions } from './run-record-schema.js';

let commit: string | undefined;

/** The git commit the gateway runs from (`+dirty` when the work tree has changes), or `unknown` outside a checkout. */
export function gatewayCommit(): string {
  if (commit !== undefined) return commit;
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    commit = dirty ? `${head}+dirty` : head;
  } catch {
    commit = 'unknown';
  }
  return commit;
}

/** What the charged latency of a source means, for readers of run.json. */
export function latencyMeaning(clock: string, source: LatencySource): string {
  const uncharged = clockModeRow(clock)?.uncharged;
  if (uncharged !== undefined) return uncharged;
  if (source.kind === 'synthetic') return `a synthetic value: ${source.ms} ms${source.jitterMs ? ` +- ${source.jitterMs} ms uniform, seed ${source.seed}` : ''}, independent of the agent`;
  return measuredSource(source.kind)!.meaning;
}

/** One slot's conditions. */
export function agentConditions(clock: string, slot: { slot: number; agent: Agent; label?: string; latency?: LatencySource }): AgentConditions {
  const source = slot.latency ?? { kind: 'wall' as const };
  return {
    slot: slot.slot,
    kind: slot.agent.kind,
    label: slot.label ?? slot.agent.kind,
    latency: chargesLatency(clock) ? describeLatencySource(source) : 'none',
    latencyMeaning: latencyMeaning(clock, source),
    frameEncoding: slot.agent.frameEncoding,
    ...(slot.agent.jpeg ? { jpeg: { ...slot.agent.jpeg } } : {}),
    privileged: slot.agent.privileged,
    ...(slot.agent.settings ? { settings: { ...slot.agent.settings } } : {}),
  };
}

/** The keys of two conditions that differ, as dotted paths (empty when they are equal). */
export function conditionDifferences(a: unknown, b: unknown, path = ''): string[] {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [path || '(all)'];
  }
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((k) => conditionDifferences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
}

export type { Conditions };
