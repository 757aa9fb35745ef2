import { describe, expect, it } from 'vitest';
import { createAgent, unknownAgentKind } from '../../agents/index.js';
import { ArenaError } from '../../protocol/index.js';
import { specJobs } from './cells.js';
import { checkedJobs } from './check-agents.js';
import { parseSpecText, specError } from './read-spec.js';

function jobsOf(text: string, file = 'spec.yaml') {
  const { spec, source } = parseSpecText(text, file);
  return specJobs(spec, (issues) => specError(source, issues));
}

function refusal(text: string, file = 'spec.yaml'): ArenaError {
  try {
    jobsOf(text, file);
  } catch (err) {
    if (err instanceof ArenaError) return err;
    throw err;
  }
  throw new Error('the spec was accepted');
}

/** The lines of parseSpecText's refusal of `text` (with the agents layer's kind check), after its heading. */
function parseRefusalLines(text: string): string[] {
  try {
    parseSpecText(text, 'spec.yaml', unknownAgentKind);
  } catch (err) {
    if (err instanceof ArenaError) return err.message.split('\n').slice(1).map((l) => l.trim());
    throw err;
  }
  throw new Error('the spec was accepted');
}

const BASE = `name: t
games: [last_stand]
agents:
  - { label: a, kind: random }
clocks: [pdq, lcrt]
latencies: [synthetic:100, synthetic:200:50]
episodes: 2
`;

describe('sweep specs', () => {
  it('expands games x clocks x latencies x seeds, pdq once, with deterministic ids', () => {
    const jobs = jobsOf(BASE);
    expect(jobs).toHaveLength(2 * (1 + 2));
    expect(jobs.map((j) => j.id)).toEqual(jobsOf(BASE).map((j) => j.id));
    expect(new Set(jobs.map((j) => j.id)).size).toBe(jobs.length);
    expect(jobs.filter((j) => j.cellInfo.clock === 'pdq').every((j) => j.agents[0]!.latency === undefined)).toBe(true);
    expect(jobs.map((j) => j.seed)).toEqual([1, 2, 1, 2, 1, 2]);
    const changed = jobsOf(`${BASE}match: { steps: 5 }\n`);
    expect(changed.map((j) => j.id).filter((id) => jobs.some((j) => j.id === id))).toEqual([]);
    // Budgets and endpoint limits do not change what an episode is.
    expect(jobsOf(`${BASE}budgets: { episodes: 3 }\n`).map((j) => j.id)).toEqual(jobs.map((j) => j.id));
  });

  it('reads JSON too', () => {
    const json = JSON.stringify({ name: 't', games: ['last_stand'], agents: [{ label: 'a', kind: 'random' }], episodes: 1 }, null, 2);
    expect(jobsOf(json, 'spec.json')).toHaveLength(1);
  });

  it('gives pvp games every ordered pair of distinct agents, coop games each agent with itself', () => {
    const text = 'name: t\ngames: [sky_duel, shared_floor]\nagents: [{ label: a, kind: random }, { label: b, kind: scripted }]\nepisodes: 1\n';
    const lineups = jobsOf(text).map((j) => `${j.cellInfo.game}:${j.cellInfo.lineup.join('+')}`);
    expect(lineups).toEqual(['sky_duel:a+b', 'sky_duel:b+a', 'shared_floor:a+a', 'shared_floor:b+b']);
  });

  it('refuses an unknown game, naming the line and field', () => {
    const e = refusal(BASE.replace('[last_stand]', '[last_stand, no_such_game]'));
    expect(e.code).toBe('BAD_CONFIG');
    expect(e.message).toContain("spec.yaml:2: games.1: unknown game 'no_such_game'");
  });

  it('refuses a bad latency with its line', () => {
    const e = refusal(BASE.replace('synthetic:200:50', 'synthetic:fast'));
    expect(e.message).toMatch(/spec\.yaml:6: latencies\.1: synthetic latency needs a value in ms/);
  });

  it('refuses a budget of 0', () => {
    const e = refusal(`${BASE}budgets:\n  episodes: 0\n`);
    expect(e.message).toContain('spec.yaml:9: budgets.episodes: a budget of 0 plays nothing');
    expect(refusal(`${BASE}budgets: { tokens: 0 }\n`).message).toContain('budgets.tokens: a budget of 0 plays nothing');
  });

  it('refuses unknown fields, line-ups of unknown agents or the wrong size, and unknown endpoints', () => {
    expect(refusal(`${BASE}colour: red\n`).message).toMatch(/spec\.yaml:\d+: colour: unknown key 'colour' \(keys here: name, games, agents/);
    expect(refusal(`${BASE}lineups: [[a, z]]\n`.replace('[last_stand]', '[sky_duel]')).message).toContain("lineups.0.1: no agent labelled 'z'");
    expect(refusal(`${BASE}lineups: [[a]]\n`.replace('[last_stand]', '[sky_duel]')).message).toContain('lineups.0: sky_duel has 2 player slot(s)');
    expect(refusal(BASE.replace('kind: random }', 'kind: random, endpoint: gpu }')).message).toContain("spec.yaml:4: agents.0.endpoint: no endpoint 'gpu'");
    expect(refusal(BASE.replace('episodes: 2', 'episodes: many')).message).toContain('spec.yaml:7: episodes:');
  });

  it('names every mistake of a spec at once, in line order, with the key or value it was likely meant to be', () => {
    const text = 'name: t\ngames: [last_stand]\nagnets:\n  - { label: a, kind: random }\nclocks: [pdq, lcr]\nepisodes: 0\nmatch:\n  stpes: 3\n';
    const lines = refusal(text).message.split('\n').slice(1).map((l) => l.trim());
    expect(lines).toEqual([
      'spec.yaml:1: agents: missing: it needs a list',
      expect.stringMatching(/^spec\.yaml:4: agnets: unknown key 'agnets'; did you mean 'agents'\? \(keys here: /),
      "spec.yaml:5: clocks.1: 'lcr' is not one of pdq, lcrt; did you mean 'lcrt'?",
      'spec.yaml:6: episodes: Too small: expected number to be >=1',
      expect.stringMatching(/^spec\.yaml:8: match\.stpes: unknown key 'stpes'; did you mean 'steps'\?/),
    ]);
  });

  it('names an unknown game and an unknown agent kind together, each with its nearest name', async () => {
    const { spec, source } = parseSpecText('name: t\ngames: [last_stnd, last_stand]\nagents:\n  - { label: a, kind: randm }\nepisodes: 1\n', 'spec.yaml');
    const e = await checkedJobs(spec, source, (kind, context) => createAgent(kind, context)).then(
      () => undefined,
      (err: unknown) => err as ArenaError,
    );
    expect(e?.code).toBe('BAD_CONFIG');
    expect(e?.message).toContain("spec.yaml:2: games.0: unknown game 'last_stnd'; did you mean 'last_stand'?");
    expect(e?.message).toContain("spec.yaml:4: agents.0.kind: a: unknown agent 'randm'; did you mean 'random'?");
  });

  it('names a schema error and an unknown agent kind in one error, in line order, when given the agents check', () => {
    expect(parseRefusalLines('name: t\ngames: [last_stand]\nagents:\n  - { label: a, kind: randm }\nepisodes: 0\n')).toEqual([
      expect.stringMatching(/^spec\.yaml:4: agents\.0\.kind: a: unknown agent 'randm'; did you mean 'random'\?/),
      'spec.yaml:5: episodes: Too small: expected number to be >=1',
    ]);
  });

  it('names an unknown game with the schema errors in one error, in line order', () => {
    expect(parseRefusalLines('name: t\ngames: [last_stnd, { game: sky_dul }]\nagents:\n  - { label: a, kind: random }\nepisodes: 0\n')).toEqual([
      expect.stringMatching(/^spec\.yaml:2: games\.0: unknown game 'last_stnd'; did you mean 'last_stand'\?/),
      expect.stringMatching(/^spec\.yaml:2: games\.1\.game: unknown game 'sky_dul'; did you mean 'sky_duel'\?/),
      'spec.yaml:5: episodes: Too small: expected number to be >=1',
    ]);
  });

  it('names the checks that need the whole spec (variants, line-ups, endpoints, latencies, arms) with its schema errors, in line order', () => {
    const text = [
      'name: t',
      'games:',
      '  - { game: last_stand, variants: [origin, rnig] }',
      '  - { game: sky_duel, lineups: [[a], [a, bb]] }',
      'agents:',
      '  - { label: a, kind: random, endpoint: gpu0 }',
      '  - { label: b, kind: random }',
      'endpoints: { gpu: { concurrency: 1 } }',
      'fairness: [pdq, lcrtt]',
      'latencies: [synthetic:fast]',
      'episodes: 0',
      '',
    ].join('\n');
    expect(parseRefusalLines(text)).toEqual([
      expect.stringMatching(/^spec\.yaml:3: games\.0\.variants\.1: game 'last_stand' has no variant 'rnig'; did you mean 'ring'\?/),
      expect.stringMatching(/^spec\.yaml:4: games\.1\.lineups\.0: sky_duel has 2 player slot\(s\); this line-up has 1/),
      expect.stringMatching(/^spec\.yaml:4: games\.1\.lineups\.1\.1: no agent labelled 'bb'; did you mean 'b'\?/),
      expect.stringMatching(/^spec\.yaml:6: agents\.0\.endpoint: no endpoint 'gpu0' in endpoints \(gpu\); did you mean 'gpu'\?/),
      expect.stringMatching(/^spec\.yaml:9: fairness\.1: unknown fairness arm 'lcrtt'; did you mean 'lcrt'\?/),
      expect.stringMatching(/^spec\.yaml:10: latencies\.0: synthetic latency needs a value in ms/),
      'spec.yaml:11: episodes: Too small: expected number to be >=1',
    ]);
  });

  it('checks what it can of a spec whose agents or games the schema refuses in part', () => {
    // Agent 1's label is refused, so no line-up label is judged; the unknown variant and the bad latency still are.
    const text = 'name: t\ngames:\n  - { game: last_stand, variants: [wave] }\n  - { game: sky_duel, lineups: [[a, zz]] }\nagents:\n  - { label: a, kind: random }\n  - { label: "b b", kind: random }\nlatencies: [synthetic]\nepisodes: 1\n';
    const lines = parseRefusalLines(text);
    expect(lines).toEqual([
      expect.stringMatching(/^spec\.yaml:3: games\.0\.variants\.0: game 'last_stand' has no variant 'wave'; did you mean 'waves'\?/),
      expect.stringMatching(/^spec\.yaml:7: agents\.1\.label: use letters/),
      expect.stringMatching(/^spec\.yaml:8: latencies\.0: /),
    ]);
  });

  it('judges no line-up label when the agents list itself is refused', () => {
    expect(parseRefusalLines('name: t\ngames:\n  - { game: sky_duel, lineups: [[a, b, c]] }\nagnets: [{ label: a, kind: random }]\nepisodes: 1\n')).toEqual([
      'spec.yaml:1: agents: missing: it needs a list',
      'spec.yaml:3: games.0.lineups.0: sky_duel has 2 player slot(s); this line-up has 3',
      expect.stringMatching(/^spec\.yaml:4: agnets: unknown key 'agnets'; did you mean 'agents'\?/),
    ]);
  });

  it('refuses YAML that does not parse, with its line', () => {
    expect(refusal('name: t\ngames: [last_stand\n').message).toMatch(/spec\.yaml:\d+:/);
  });
});

describe('sweep specs with fairness arms', () => {
  const ARMS = `name: f
games: [sky_duel]
agents:
  - { label: a, kind: scripted }
  - { label: b, kind: scripted, handicap: x2 }
fairness: [pdq, matched, lcrt, handicap]
latencies: [synthetic:100]
episodes: 2
`;

  it('plays each arm as a condition in place of clocks, the arm in every job and only the handicap arm with handicaps', () => {
    const jobs = jobsOf(ARMS);
    // 4 arms x 2 line-ups x 2 seeds; pdq takes no latency.
    expect(jobs).toHaveLength(16);
    expect([...new Set(jobs.map((j) => `${j.cellInfo.fairness}:${j.cellInfo.clock}`))]).toEqual(['pdq:pdq', 'matched:lcrt', 'lcrt:lcrt', 'handicap:lcrt']);
    expect(new Set(jobs.map((j) => j.cell)).size).toBe(8);
    expect(jobs.filter((j) => j.agents.some((a) => a.handicap !== undefined)).every((j) => j.cellInfo.fairness === 'handicap')).toBe(true);
    expect(jobs.find((j) => j.cellInfo.fairness === 'handicap')!.agents.find((a) => a.label === 'b')!.handicap).toBe('x2');
    expect(jobs.filter((j) => j.cellInfo.fairness === 'matched').every((j) => j.cell.includes('.lcrt.matched.'))).toBe(true);
  });

  it('refuses an unknown arm and a handicap without the handicap arm, naming the field', () => {
    const unknown = refusal(ARMS.replace('[pdq, matched, lcrt, handicap]', '[pdq, warp]'));
    expect(unknown.code).toBe('BAD_CONFIG');
    expect(unknown.message).toMatch(/fairness.*unknown fairness arm 'warp'/s);
    expect(refusal(ARMS.replace('[pdq, matched, lcrt, handicap]', '[pdq, lcrt]')).message).toMatch(/handicap arm/);
  });
});

describe('sweep specs under the omnigamearena profile on a build', () => {
  const ON_BUILD = `name: b
games: [last_stand]
agents:
  - { label: a, kind: random }
episodes: 2
match:
  profile: omnigamearena
  env: remote-input://127.0.0.1:12345
`;

  it("refuses a build without the builds' maps config when the spec is read, naming match.maps", () => {
    const e = refusal(ON_BUILD);
    expect(e.code).toBe('BAD_CONFIG');
    expect(e.message).toContain("spec.yaml:7: match.maps: last_stand on a build under the omnigamearena profile needs the builds' maps config");
  });

  it("gives every episode the build and its maps config, and needs none for a GameLink endpoint or our reference game", () => {
    const jobs = jobsOf(`${ON_BUILD}  maps: /opt/oga/configs/maps.yaml\n`);
    expect(jobs.map((j) => [j.env, j.maps, j.profile])).toEqual([0, 1].map(() => ['remote-input://127.0.0.1:12345', '/opt/oga/configs/maps.yaml', 'omnigamearena']));
    expect(jobsOf(ON_BUILD.replace('remote-input://127.0.0.1:12345', 'ws://127.0.0.1:9000')).every((j) => j.env === 'ws://127.0.0.1:9000' && j.maps === undefined)).toBe(true);
    expect(jobsOf(ON_BUILD.replace('  env: remote-input://127.0.0.1:12345\n', ''))).toHaveLength(2);
  });

  it("plays the builds' held-out maps (var1..var3) on a build under the profile, and refuses our reference variants there with the allowed ones", () => {
    const withMaps = `${ON_BUILD}  maps: /opt/oga/configs/maps.yaml\n`.replace('games: [last_stand]', 'games: [{ game: last_stand, variants: [origin, var1] }]');
    expect(jobsOf(withMaps).map((j) => j.cellInfo.variant)).toEqual(['origin', 'origin', 'var1', 'var1']);
    const e = refusal(withMaps.replace('[origin, var1]', '[origin, ring]'));
    expect(e.code).toBe('BAD_CONFIG');
    expect(e.message).toContain("games.0.variants.1: 'ring' is not a map of the builds under the omnigamearena profile; allowed: origin, var1, var2, var3");
  });

  it('refuses an environment that is no URL of a build or endpoint, naming match.env', () => {
    const e = refusal(ON_BUILD.replace('remote-input://127.0.0.1:12345', 'carrier-pigeon'));
    expect(e.code).toBe('BAD_CONFIG');
    expect(e.message).toContain("spec.yaml:8: match.env: 'carrier-pigeon' is not an environment URL");
  });
});
