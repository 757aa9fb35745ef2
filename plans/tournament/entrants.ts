/** The agents of a tournament as `--agents` names them: `KIND`, `LABEL=KIND`, or `LABEL=vlm@CONFIG.json`. */
import { vlmConfigInput } from '../../agents/index.js';
import { usage } from '../../protocol/index.js';

export interface Entrant {
  /** Unique name in tables, keys and run records. */
  readonly label: string;
  /** Agent kind for createAgent: scripted, random, idle, vlm. */
  readonly kind: string;
  /** The VLM agent's configuration, read from the file after `@` (see docs/agents.md). */
  readonly vlm?: Record<string, unknown>;
}

const LABEL = /^[A-Za-z0-9_.-]{1,64}$/;

/** Parses a comma-separated `--agents` list; BAD_CONFIG for a bad or repeated label. */
export function parseEntrants(text: string): Entrant[] {
  const entrants = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((item): Entrant => {
      const eq = item.indexOf('=');
      const label = eq >= 0 ? item.slice(0, eq) : undefined;
      const rest = eq >= 0 ? item.slice(eq + 1) : item;
      const at = rest.indexOf('@');
      const kind = at >= 0 ? rest.slice(0, at) : rest;
      const name = label ?? kind;
      if (!LABEL.test(name)) throw usage(`agent label '${name}' must be 1-64 letters, digits, '_', '-' or '.'`);
      return { label: name, kind, ...(at >= 0 ? { vlm: vlmConfigInput({ 'agent-config': rest.slice(at + 1) }) } : {}) };
    });
  const seen = new Set<string>();
  for (const e of entrants) {
    if (seen.has(e.label)) throw usage(`agent label '${e.label}' appears twice; name them apart as LABEL=KIND`);
    seen.add(e.label);
  }
  return entrants;
}
