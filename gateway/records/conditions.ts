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

/**
 * What a comparison studies, and the declared-condition fields that belong to it (dotted paths, `*` for any
 * slot): two arms may differ in these and nothing else. A variant brings its own time limit; an agent its
 * kind, settings and the frames it takes; a skill is one of the agent's settings.
 */
export const StudiedFactors = {
  clock: ['clock', 'agents.*.latency', 'agents.*.latencyMeaning'],
  agent: ['agents.*.kind', 'agents.*.label', 'agents.*.settings', 'agents.*.frameEncoding', 'agents.*.jpeg', 'agents.*.privileged', 'frame.encoding', 'frame.quality'],
  variant: ['timeLimitMs', 'gameTimerMs'],
  skill: ['agents.*.settings.skill'],
} as const satisfies Record<string, readonly string[]>;
export type StudiedFactor = keyof typeof StudiedFactors;

function belongs(path: string, patterns: readonly string[]): boolean {
  const parts = path.split('.');
  return patterns.some((p) => {
    const want = p.split('.');
    return want.length <= parts.length && want.every((w, i) => w === '*' || w === parts[i]);
  });
}

/**
 * The declared conditions in which two arms differ besides the studied factor: empty when the comparison
 * measures that factor alone. Runs that declare no conditions cannot be shown comparable: `(undeclared)`.
 */
export function confounds(a: unknown, b: unknown, factor: StudiedFactor): string[] {
  if (a === undefined || a === null || b === undefined || b === null) return ['(undeclared)'];
  return conditionDifferences(a, b).filter((k) => !belongs(k, StudiedFactors[factor]));
}

/** Condition fields in which arms may not differ even when pooling is asked: the profile sets which score is read. */
const NEVER_POOLED: ReadonlySet<string> = new Set(['profile']);

/**
 * The verdict on comparing arms: every distinct pair of their conditions is checked, and the comparison is
 * `clean` (the factor alone differs), `pooled` (other fields differ and the caller asked to pool anyway) or
 * `refused` (other fields differ; they are named). Arms under different profiles are refused even when pooling is asked.
 */
export function compareArms(armA: readonly unknown[], armB: readonly unknown[], factor: StudiedFactor, pool = false): { verdict: 'clean' | 'pooled' | 'refused'; confounds: string[] } {
  const distinct = (xs: readonly unknown[]): unknown[] => [...new Map(xs.map((x) => [JSON.stringify(x ?? null), x])).values()];
  const keys = new Set<string>();
  const as = distinct(armA);
  const bs = distinct(armB);
  for (const a of as) for (const b of bs) for (const k of confounds(a, b, factor)) keys.add(k);
  // Arms that are not uniform inside mix conditions too.
  for (const arm of [as, bs]) for (const x of arm.slice(1)) for (const k of confounds(arm[0], x, factor)) keys.add(k);
  const list = [...keys].sort();
  // Arms under different profiles are read by different scores (our progress, the benchmark's raw score): never pooled.
  const poolable = !list.some((k) => NEVER_POOLED.has(k));
  return { verdict: list.length === 0 ? 'clean' : pool && poolable ? 'pooled' : 'refused', confounds: list };
}
