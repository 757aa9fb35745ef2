/**
 * One match-options schema (gateway/match/match-options.ts) in every description of a match: a match
 * configuration, a sweep spec's `match`, an episode job, a curve's `match` settings and a tournament's shared
 * settings take the same option, carry it into the MatchSpec the one resolver makes, and refuse an unknown key
 * with the same code. And one VLM config builder: flags, a match configuration file, a sweep spec and a job give
 * the same VLM agent configuration.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVlmAgentConfig, IdleAgent } from '../agents/index.js';
import { getGame } from '../games-manifest/index.js';
import { matchOptionsOf, MatchOptions } from '../gateway/index.js';
import { ArenaError, ErrorCode, parseConfig, parseFlags } from '../protocol/index.js';
import { parseCurveSettings } from '../reflection/index.js';
import { EpisodeJob, parseSpecText, type AgentFactory } from '../sweeps/index.js';
import { expandSpec } from '../sweeps/spec/cells.js';
import { buildMatchConfig, episodeConfig, episodeResolver, planTournament, resolveAttempt, tournamentOptions } from '../plans/index.js';
import { MatchConfig } from '../plans/match/match-config.js';
import { matchOptions } from '../plans/match/match-flags.js';
import { resolveMatch } from '../plans/match/resolve-match.js';
import { matchJob } from '../plans/tournament/plan-tournament.js';

const tmp = mkdtempSync(join(tmpdir(), 'arena-match-options-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An agent factory that makes idle agents and keeps each VLM configuration it was given. */
function capturing(): { factory: AgentFactory; vlms: unknown[] } {
  const vlms: unknown[] = [];
  return { vlms, factory: (_kind, context) => (vlms.push(context.vlm), new IdleAgent()) };
}

const sweepSpec = (match: string, agent = '{ label: a, kind: scripted }'): string => ['name: options', 'games: [last_stand]', `agents: [${agent}]`, 'episodes: 1', `match: ${match}`, ''].join('\n');

/** The code an embedding refuses `raw` with. */
function codeOf(parse: () => unknown): string | undefined {
  try {
    parse();
    return undefined;
  } catch (err) {
    return err instanceof ArenaError ? err.code : 'not an ArenaError';
  }
}

const curve = (match: Record<string, unknown>): Record<string, unknown> => ({ game: 'last_stand', rounds: 0, episodes: 1, reflector: { model: 'r' }, match });
const request = { runsDir: tmp, runId: 'e0', episode: 0, seed: 1, variant: 'origin', skill: '', attempt: 0, player: { phase: 'round' as const, round: 0 }, meta: {} };

describe('the match options in every embedding', () => {
  const option = { staleFrames: 'retry', decisionTimeoutMs: 5000 } as const;

  it('a match configuration carries an option into the MatchSpec', () => {
    const spec = resolveMatch(parseConfig({ game: 'last_stand', ...option }, MatchConfig, 'test'), { makeAgent: capturing().factory });
    expect(matchOptionsOf(spec)).toMatchObject(option);
  });

  it("a sweep spec's match section carries it through the episode job into the MatchSpec", () => {
    const { spec } = parseSpecText(sweepSpec('{ staleFrames: retry, decisionTimeoutMs: 5000, steps: 3 }'), 'options.yaml');
    const [job] = expandSpec(spec).jobs;
    expect(job).toMatchObject({ ...option, stepBudget: 3 });
    expect(parseConfig(JSON.parse(JSON.stringify(job)), EpisodeJob, 'job')).toEqual(job);
    expect(matchOptionsOf(episodeResolver(capturing().factory)(job!))).toMatchObject({ ...option, stepBudget: 3 });
  });

  it("a curve's match settings carry it into the MatchSpec of an attempt", () => {
    const settings = parseCurveSettings(curve(option));
    const spec = resolveAttempt(settings, getGame('last_stand'), request, () => new IdleAgent());
    expect(matchOptionsOf(spec)).toMatchObject(option);
    expect(spec.slots.map((s) => s.label)).toEqual(['player']);
  });

  it("a tournament's shared settings carry it into each match's job and MatchSpec", async () => {
    const plan = await planTournament(parseFlags('tournament', tournamentOptions, ['--game', 'last_stand', '--agents', 'scripted', '--episodes', '1', '--decision-timeout', '5000']).values);
    const job = matchJob({ ...plan.shared, staleFrames: 'retry' }, plan.setup, plan.scheduled[0]!, plan.byLabel, tmp, 'default');
    expect(job).toMatchObject(option);
    expect(matchOptionsOf(episodeResolver(capturing().factory)(job))).toMatchObject(option);
  });

  it('every embedding refuses an unknown key with BAD_CONFIG', () => {
    const codes = {
      config: codeOf(() => parseConfig({ game: 'last_stand', staleFrame: 'retry' }, MatchConfig, 'test')),
      sweep: codeOf(() => parseSpecText(sweepSpec('{ staleFrame: retry }'), 'options.yaml')),
      job: codeOf(() => {
        const { spec } = parseSpecText(sweepSpec('{}'), 'options.yaml');
        return parseConfig({ ...expandSpec(spec).jobs[0], staleFrame: 'retry' }, EpisodeJob, 'job');
      }),
      curve: codeOf(() => parseCurveSettings(curve({ staleFrame: 'retry' }))),
      options: codeOf(() => parseConfig({ staleFrame: 'retry' }, MatchOptions, 'options')),
    };
    expect(codes).toEqual({ config: ErrorCode.BAD_CONFIG, sweep: ErrorCode.BAD_CONFIG, job: ErrorCode.BAD_CONFIG, curve: ErrorCode.BAD_CONFIG, options: ErrorCode.BAD_CONFIG });
  });

  it("a sweep spec refuses steps and stepBudget together with BAD_CONFIG", () => {
    expect(codeOf(() => parseSpecText(sweepSpec('{ steps: 3, stepBudget: 4 }'), 'options.yaml'))).toBe(ErrorCode.BAD_CONFIG);
  });
});

describe('the one VLM config builder', () => {
  const url = 'http://127.0.0.1:9/v1';
  const written = { model: 'm', baseUrl: url, apiKeyEnv: 'ARENA_TEST_KEY' };
  const fromFlags = buildVlmAgentConfig({ model: 'm', 'base-url': url, 'api-key-env': 'ARENA_TEST_KEY' });
  /** The VLM configuration the resolver hands the agent factory, through the builder. */
  const seated = (vlms: unknown[]): unknown => buildVlmAgentConfig({}, vlms[0] as Record<string, unknown>);

  it('gives the same configuration from the match flags', () => {
    const c = capturing();
    resolveMatch(buildMatchConfig(parseFlags('match', matchOptions, ['--agent', 'vlm', '--model', 'm', '--base-url', url, '--api-key-env', 'ARENA_TEST_KEY']).values), { makeAgent: c.factory });
    expect(seated(c.vlms)).toEqual(fromFlags);
  });

  it('gives the same configuration from a match configuration file, and from an --agent-config file', () => {
    const file = join(tmp, 'match.json');
    writeFileSync(file, JSON.stringify({ game: 'last_stand', agents: [{ kind: 'vlm', vlm: written }] }));
    const c = capturing();
    resolveMatch(buildMatchConfig(parseFlags('match', matchOptions, ['--config', file]).values), { makeAgent: c.factory });
    expect(seated(c.vlms)).toEqual(fromFlags);
    const agentFile = join(tmp, 'agent.json');
    writeFileSync(agentFile, JSON.stringify(written));
    expect(buildVlmAgentConfig({ 'agent-config': agentFile })).toEqual(fromFlags);
  });

  it('gives the same configuration from a sweep spec and from its episode job', () => {
    const { spec } = parseSpecText(sweepSpec('{}', `{ label: a, kind: vlm, vlm: ${JSON.stringify(written)} }`), 'options.yaml');
    const job = expandSpec(spec).jobs[0]!;
    const c = capturing();
    episodeResolver(c.factory)(job);
    expect(seated(c.vlms)).toEqual(fromFlags);
    expect(buildVlmAgentConfig({}, episodeConfig(job).agents[0]!.vlm)).toEqual(fromFlags);
  });

  it('refuses a configuration without a model with BAD_CONFIG', () => {
    expect(codeOf(() => buildVlmAgentConfig({ 'base-url': url }))).toBe(ErrorCode.BAD_CONFIG);
  });
});
