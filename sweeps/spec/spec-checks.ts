/**
 * The checks of a sweep spec that read across its fields (variants of a game, line-ups against agents and slots,
 * endpoints, latencies, fairness arms, handicaps, the match's environment and maps). They run on what the schema
 * accepts of each field on its own, so a spec the schema refuses still has every other check named in the same error.
 */
import { z } from 'zod';
import { didYouMean } from '../../protocol/index.js';
import { getGame, getVariant, missingRunnerMaps, parseEnvironment, runnerGame } from '../../games-manifest/index.js';
import { parseFairness, parseHandicap, parseLatencySource } from '../../gateway/index.js';
import { AgentItem, GameItem, SweepSpec } from './sweep-spec.js';

/** A problem found in a spec, at a path of its fields. */
export interface SpecIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** Stands for a field (or a list's item) the schema refused: no check that reads it runs. */
const REFUSED = Symbol('refused');
type Loose<T> = T | typeof REFUSED;
type LooseList<T> = Loose<readonly Loose<T>[]>;

interface AgentParts {
  readonly label: Loose<string>;
  readonly endpoint?: Loose<string> | undefined;
  readonly handicap?: Loose<string> | undefined;
}

interface GameParts {
  readonly game: Loose<string>;
  readonly variants?: LooseList<string> | undefined;
  readonly lineups?: LooseList<readonly string[]> | undefined;
}

/** A spec as far as each of its fields passes the schema; a valid {@link SweepSpec} is one. */
export interface SpecParts {
  readonly agents: LooseList<AgentParts>;
  readonly games: LooseList<string | GameParts>;
  readonly lineups?: LooseList<readonly string[]> | undefined;
  readonly latencies: LooseList<string>;
  readonly fairness?: LooseList<string> | undefined;
  readonly endpoints: Loose<Readonly<Record<string, unknown>>>;
  readonly match: Loose<{ readonly profile?: Loose<string> | undefined; readonly env?: Loose<string> | undefined; readonly maps?: Loose<string> | undefined }>;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function field<T>(schema: z.ZodType<T>, value: unknown): Loose<T> {
  const r = schema.safeParse(value);
  return r.success ? r.data : REFUSED;
}

/** A list as the schema takes it whole, or else item by item (`REFUSED` where an item fails), or `REFUSED` for no list. */
function list<T>(whole: z.ZodType<readonly T[] | undefined>, item: (v: unknown) => Loose<T>, value: unknown): Loose<readonly Loose<T>[]> | undefined {
  const r = whole.safeParse(value);
  if (r.success) return r.data;
  return Array.isArray(value) ? value.map(item) : REFUSED;
}

/** An object item as the schema takes it, or else field by field. */
function objectParts<S extends z.ZodObject>(schema: S, value: unknown): Loose<Record<string, unknown>> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  if (!isObject(value)) return REFUSED;
  return Object.fromEntries(Object.entries(schema.shape).map(([k, s]) => [k, field(s as z.ZodType, value[k])]));
}

const lineupItem = (v: unknown): Loose<readonly string[]> => field(SweepSpec.shape.lineups.unwrap().element, v);
const textItem = (v: unknown): Loose<string> => field(z.string().min(1), v);

/** What the schema accepts of a raw spec, field by field. */
export function specParts(raw: unknown): SpecParts {
  const r = isObject(raw) ? raw : {};
  const gameParts = (v: unknown): Loose<string | GameParts> => {
    if (typeof v === 'string') return field(GameItem, v);
    const o = objectParts(GameItem.options[1], v);
    if (o === REFUSED) return REFUSED;
    const g = isObject(v) ? v : {};
    return { game: o['game'] as Loose<string>, variants: list(GameItem.options[1].shape.variants, textItem, g['variants']), lineups: list(GameItem.options[1].shape.lineups, lineupItem, g['lineups']) };
  };
  const match = objectParts(SweepSpec.shape.match.unwrap(), r['match'] ?? {});
  return {
    agents: (list<AgentParts>(SweepSpec.shape.agents, (v) => objectParts(AgentItem, v) as Loose<AgentParts>, r['agents']) ?? REFUSED),
    games: list(SweepSpec.shape.games, gameParts, r['games']) ?? REFUSED,
    lineups: list(SweepSpec.shape.lineups, lineupItem, r['lineups']),
    latencies: list(SweepSpec.shape.latencies, textItem, r['latencies']) ?? REFUSED,
    fairness: list(SweepSpec.shape.fairness, textItem, r['fairness']),
    endpoints: field(SweepSpec.shape.endpoints, r['endpoints']),
    match: match === REFUSED ? REFUSED : { profile: match['profile'] as Loose<string>, env: match['env'] as Loose<string>, maps: match['maps'] as Loose<string> },
  };
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Every issue of the cross-field checks that the parts allow, each at the path of the field it is about. */
export function specIssues(spec: SpecParts): SpecIssue[] {
  const bad: SpecIssue[] = [];
  const add = (path: (string | number)[], text: string): void => void bad.push({ path, message: text });
  const agents = spec.agents === REFUSED ? [] : spec.agents;
  // The labels line-ups are judged against: only when every agent's label is known.
  const labels = spec.agents !== REFUSED && agents.every((a) => a !== REFUSED && a.label !== REFUSED) ? agents.map((a) => (a as AgentParts).label as string) : undefined;
  const endpoints = spec.endpoints === REFUSED ? undefined : Object.keys(spec.endpoints);
  const seen = new Set<string>();
  agents.forEach((a, i) => {
    if (a === REFUSED) return;
    if (a.label !== REFUSED) {
      if (seen.has(a.label)) add(['agents', i, 'label'], `two agents are labelled '${a.label}'`);
      seen.add(a.label);
    }
    if (typeof a.endpoint === 'string' && endpoints !== undefined && !endpoints.includes(a.endpoint)) add(['agents', i, 'endpoint'], `no endpoint '${a.endpoint}' in endpoints (${endpoints.join(', ') || 'none'})${didYouMean(a.endpoint, endpoints)}`);
  });
  if (spec.latencies !== REFUSED) {
    spec.latencies.forEach((l, i) => {
      if (l === REFUSED) return;
      try {
        parseLatencySource(l);
      } catch (err) {
        add(['latencies', i], message(err));
      }
    });
  }
  let handicapArm: boolean | undefined = spec.fairness === undefined ? false : undefined;
  if (spec.fairness !== undefined && spec.fairness !== REFUSED) {
    handicapArm = false;
    spec.fairness.forEach((text, i) => {
      if (text === REFUSED) return;
      try {
        if (parseFairness(text).arm === 'handicap') handicapArm = true;
      } catch (err) {
        add(['fairness', i], message(err));
      }
    });
  }
  agents.forEach((a, i) => {
    if (a === REFUSED || typeof a.handicap !== 'string') return;
    try {
      parseHandicap(a.handicap);
    } catch (err) {
      add(['agents', i, 'handicap'], message(err));
    }
    if (handicapArm === false) add(['agents', i, 'handicap'], 'a handicap needs the handicap arm in fairness');
  });
  const match = spec.match === REFUSED ? {} : spec.match;
  let env: ReturnType<typeof parseEnvironment> | undefined;
  try {
    env = typeof match.env === 'string' ? parseEnvironment(match.env) : undefined;
  } catch (err) {
    add(['match', 'env'], message(err));
  }
  const judgeLineup = (lineup: readonly string[], slots: number, game: string, at: (string | number)[]): void => {
    if (lineup.length !== slots) add(at, `${game} has ${slots} player slot(s); this line-up has ${lineup.length}`);
    if (labels === undefined) return;
    lineup.forEach((label, ai) => {
      if (!labels.includes(label)) add([...at, ai], `no agent labelled '${label}'${didYouMean(label, labels)}; agents: ${labels.join(', ')}`);
    });
  };
  (spec.games === REFUSED ? [] : spec.games).forEach((item, gi) => {
    if (item === REFUSED) return;
    const g: GameParts = typeof item === 'string' ? { game: item } : item;
    const at = typeof item === 'string' ? ['games', gi] : ['games', gi, 'game'];
    if (g.game === REFUSED) return;
    let entry;
    try {
      entry = getGame(g.game);
    } catch (err) {
      add(at, message(err));
      return;
    }
    if (match.profile === 'omnigamearena' && runnerGame(entry.id) === undefined) add(at, `the omnigamearena profile has no game '${entry.id}'`);
    else if (match.profile === 'omnigamearena' && env !== undefined && match.maps !== REFUSED) {
      const missing = missingRunnerMaps(entry.id, env, match.maps, 'set match.maps to PATH/configs/maps.yaml');
      if (missing !== undefined) add(['match', 'maps'], missing);
    }
    // On a build under the profile the variants are the builds' maps: origin and the held-out maps its maps config names (read where each episode runs).
    const buildMaps = match.profile === 'omnigamearena' && env?.kind === 'remote-input' ? ['origin', ...(runnerGame(entry.id)?.variants ?? [])] : undefined;
    if (g.variants !== undefined && g.variants !== REFUSED) {
      g.variants.forEach((v, vi) => {
        if (v === REFUSED) return;
        if (buildMaps !== undefined) {
          if (!buildMaps.includes(v)) add(['games', gi, 'variants', vi], `'${v}' is not a map of the builds under the omnigamearena profile${didYouMean(v, buildMaps)}; allowed: ${buildMaps.join(', ')} (those its maps config names)`);
          return;
        }
        try {
          getVariant(entry, v);
        } catch (err) {
          add(['games', gi, 'variants', vi], message(err));
        }
      });
    }
    // A game's own line-ups, else the spec's for a multi-player game; the default line-ups always fit.
    const own = g.lineups !== undefined;
    const lineups = own ? g.lineups : entry.slots.length > 1 ? spec.lineups : undefined;
    if (lineups === undefined || lineups === REFUSED) return;
    lineups.forEach((lineup, li) => {
      if (lineup !== REFUSED) judgeLineup(lineup, entry.slots.length, entry.id, own ? ['games', gi, 'lineups', li] : ['lineups', li]);
    });
  });
  return bad;
}
