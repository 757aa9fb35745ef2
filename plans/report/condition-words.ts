/**
 * The declared conditions in which groups of runs differ, said in words for a reader (`step budget`, `slot 1
 * agent: kind, label`) rather than as the dotted keys of run.json (`conditions.agents.1.kind`); `--json` keeps
 * the keys.
 */

const words = (key: string): string => key.replace(/Ms$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const NAMES: Readonly<Record<string, string>> = { build: 'game build', gateway: 'gateway', frame: 'frame', jpeg: 'JPEG settings', settings: 'settings' };

/** The differing keys (`game`, `conditions.stepBudget`, `conditions.agents.0.kind`...) as one line of phrases: `game; step budget; slot 0 agent (kind, label)`. */
export function describeConditionKeys(keys: readonly string[]): string {
  const groups = new Map<string, Set<string>>();
  const note = (name: string, detail?: string): void => {
    const set = groups.get(name) ?? new Set<string>();
    if (detail !== undefined) set.add(detail);
    groups.set(name, set);
  };
  for (const key of keys) {
    const [head, second, ...rest] = key.replace(/^conditions\./, '').split('.');
    if (head === undefined || head === '') continue;
    if (head === 'agents' && second !== undefined && /^\d+$/.test(second)) note(`slot ${second} agent`, rest.length === 0 ? 'present in some groups only' : rest.map(words).join(' '));
    else note(NAMES[head] ?? words(head), second === undefined ? undefined : [second, ...rest].map(words).join(' '));
  }
  const rank = (name: string): number => (name === 'game' || name === 'variant' ? 0 : name.startsWith('slot ') ? 2 : 1);
  return [...groups]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, set]) => (set.size === 0 ? name : `${name} (${[...set].join(', ')})`))
    .join('; ');
}
