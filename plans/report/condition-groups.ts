/**
 * Groups runs by what their results were measured under: game, variant and the declared conditions of
 * run.json (everything but the seed). Runs in one group may be pooled; runs in different groups are not,
 * unless the caller asks, and then the keys that differ are named.
 */
import { createHash } from 'node:crypto';
import { conditionDifferences, type RunRecord } from '../../gateway/index.js';

export interface ConditionGroup {
  /** A short digest naming the group. */
  readonly id: string;
  readonly game: string;
  readonly variant: string;
  /** The declared conditions (undefined for runs recorded before conditions were declared). */
  readonly conditions: unknown;
  readonly records: RunRecord[];
}

/** What identifies a group: game, variant, conditions. */
function groupKey(r: RunRecord): unknown {
  return { game: r.run.game, variant: r.run.variant, conditions: r.run.conditions ?? null };
}

const canonical = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));

/** The runs in groups of equal conditions, in order of first appearance. */
export function groupByConditions(records: readonly RunRecord[]): ConditionGroup[] {
  const groups = new Map<string, ConditionGroup>();
  for (const r of records) {
    const key = canonical(groupKey(r));
    let g = groups.get(key);
    if (!g) {
      g = { id: createHash('sha256').update(key).digest('hex').slice(0, 8), game: r.run.game, variant: r.run.variant, conditions: r.run.conditions, records: [] };
      groups.set(key, g);
    }
    g.records.push(r);
  }
  return [...groups.values()];
}

/** The dotted keys in which the groups' game, variant and conditions differ from the first group's. */
export function differingKeys(groups: readonly ConditionGroup[]): string[] {
  const first = groups[0];
  if (!first) return [];
  const keys = new Set<string>();
  for (const g of groups.slice(1)) for (const k of conditionDifferences(groupKey(first.records[0]!), groupKey(g.records[0]!))) keys.add(k);
  return [...keys].sort();
}
