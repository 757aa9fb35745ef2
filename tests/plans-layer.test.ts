/**
 * The plans layer's contracts (docs/architecture.md, "The plans layer"): one resolver builds every MatchSpec from
 * a configuration, an episode job plays exactly what the same match configuration plays, no command imports
 * another command, and `arena serve` borrows nothing from the commands.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { MatchSpec } from '../gateway/index.js';
import { episodeResolver, makeAgent, MatchConfig, parseConfig, PLAN_NAMES, resolveMatch } from '../plans/index.js';
import { checkedJobs, parseSpecText, type EpisodeJob } from '../sweeps/index.js';

const MAPS = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures/omnigamearena-checkout/configs/maps.yaml');

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [join(dir, d.name)] : []));
}

/** The project files `file` imports by a relative path. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => relative(ROOT, resolve(dirname(join(ROOT, file)), m[1]!)).replace(/\.js$/, '.ts'));
}

/** A spec as data: agents by kind and label, everything else as given. */
function shape(spec: MatchSpec): Record<string, unknown> {
  const { slots, meta: _meta, runsDir: _runsDir, ...rest } = spec;
  return { ...rest, slots: slots.map(({ agent, ...s }) => ({ ...s, agent: agent.kind })) };
}

describe('one resolver', () => {
  const config = parseConfig(
    {
      game: 'sky_duel',
      variant: 'origin',
      seed: 7,
      clock: 'lcrt',
      fairness: 'handicap',
      agents: [
        { kind: 'scripted', label: 'fast', latency: 'synthetic:100', handicap: 'x2' },
        { kind: 'random', label: 'slow', latency: 'synthetic:900:50' },
      ],
      observationDelayMs: 500,
      stepBudget: 12,
      timeLimitMs: 30_000,
      decisionTimeoutMs: 4000,
      onAgentFailure: 'noop',
      onDecisionError: 'noop',
      staleFrames: 'retry',
      feedback: false,
      frame: { width: 320, height: 180 },
      runsDir: 'runs',
    },
    MatchConfig,
    'test',
  );

  /** The episode job a sweep, tournament or curve writes for that configuration. */
  const job: EpisodeJob = {
    id: 'sky_duel.origin.lcrt.e0.s7',
    batch: 'b',
    cell: 'c',
    cellInfo: { game: 'sky_duel', variant: 'origin', clock: 'lcrt', latency: 'synthetic:100', lineup: ['fast', 'slow'], fairness: 'handicap' },
    episode: 0,
    seed: 7,
    pool: 'default',
    agents: [
      { slot: 0, label: 'fast', kind: 'scripted', latency: 'synthetic:100', handicap: 'x2' },
      { slot: 1, label: 'slow', kind: 'random', latency: 'synthetic:900:50' },
    ],
    observationDelayMs: 500,
    stepBudget: 12,
    timeLimitMs: 30_000,
    decisionTimeoutMs: 4000,
    onAgentFailure: 'noop',
    onDecisionError: 'noop',
    staleFrames: 'retry',
    feedback: false,
    frame: { width: 320, height: 180 },
  };

  it('an episode job resolves to the spec arena match builds from the same configuration', () => {
    const direct = resolveMatch(config);
    const fromJob = episodeResolver()(job);
    expect(shape(fromJob)).toEqual(shape(direct));
    // Not vacuous: every option above reached the spec.
    expect(direct).toMatchObject({ clock: 'lcrt', stepBudget: 12, observationDelayMs: 500, staleFrames: 'retry', feedback: false, frame: { width: 320, height: 180 } });
    expect(direct.slots.map((s) => s.handicap)).toEqual([{ scale: 2, offsetMs: 0 }, undefined]);
  });

  it('every match configuration field is carried by an episode job, or is one a job cannot have', () => {
    // realtime: jobs replay exactly, a realtime match does not; runsDir: the backend's.
    const notJobFields = new Set(['realtime', 'runsDir']);
    const carried = Object.keys(MatchConfig.shape).filter((k) => !notJobFields.has(k));
    const fromJob = episodeResolver()(job);
    const direct = resolveMatch(config);
    for (const key of carried) {
      const value = (config as Record<string, unknown>)[key];
      if (value === undefined || key === 'agents' || key === 'game' || key === 'env' || key === 'maps' || key === 'profile') continue;
      expect((fromJob as unknown as Record<string, unknown>)[key], key).toEqual((direct as unknown as Record<string, unknown>)[key]);
    }
    expect(carried.length).toBeGreaterThan(15);
  });

  it("plays a sweep spec's build under the profile on the held-out map its maps config names", async () => {
    const text = `name: b\ngames: [{ game: last_stand, variants: [var1] }]\nagents: [{ label: a, kind: random }]\nepisodes: 1\nmatch: { profile: omnigamearena, env: "remote-input://127.0.0.1:1", maps: ${JSON.stringify(MAPS)} }\n`;
    const { spec, source } = parseSpecText(text, 'spec.yaml');
    const [sweepJob] = await checkedJobs(spec, source, makeAgent);
    const played = episodeResolver()(sweepJob!);
    expect(played.variant).toBe('var1');
    expect(played.entry?.launch).toMatchObject({ kind: 'remote-input', maps: { var1: '/Game/Test/Stand_One' }, reset: 'open' });
  });

  it('refuses a job that seats a slot the game does not have', () => {
    expect(() => episodeResolver()({ ...job, agents: [{ ...job.agents[0]!, slot: 3 }, job.agents[1]!] })).toThrow(/seats slots 3, 1/);
  });
});

describe('the command line over the plans', () => {
  const commands = files('scripts/commands');

  it('no command imports another command (a command may keep its parts in scripts/commands/NAME/)', () => {
    const crossing = commands.flatMap((file) => {
      const own = file.replace(/^scripts\/commands\/([^/]+?)(\.ts|\/.*)$/, '$1');
      return importsOf(file)
        .filter((t) => t.startsWith('scripts/commands/') && t.replace(/^scripts\/commands\/([^/]+?)(\.ts|\/.*)$/, '$1') !== own)
        .map((t) => `${file} -> ${t}`);
    });
    expect(crossing).toEqual([]);
    expect(commands.length).toBeGreaterThan(20);
  });

  it('arena serve registers the plans\' job kinds and borrows nothing from the commands', () => {
    const serve = importsOf('scripts/commands/serve.ts');
    expect(serve.filter((t) => t.startsWith('scripts/commands/'))).toEqual([]);
    expect(serve).toContain('plans/index.ts');
    expect(readFileSync(join(ROOT, 'scripts/commands/serve.ts'), 'utf8')).toMatch(/kinds: serveKinds\(\)/);
  });

  it('each plan is a command, and the lint keeps that command off the engines', () => {
    const rule = readFileSync(join(ROOT, '.dependency-cruiser.cjs'), 'utf8');
    const listed = /const PLAN_COMMANDS = \[([^\]]*)\]/.exec(rule)?.[1]?.match(/'[a-z-]+'/g)?.map((n) => n.slice(1, -1));
    expect(listed).toEqual([...PLAN_NAMES]);
    for (const name of PLAN_NAMES) expect(commands, name).toContain(`scripts/commands/${name}.ts`);
  });

  it('the service starts no arena command: no file of serve/ or of the plans it runs names bin/arena.js or the command line', () => {
    // A child started as `node bin/arena.js <command>` is a dependency on scripts/ no import rule can see. The
    // audit is no job of the service; it still starts `arena bridge` for a served game (docs/architecture.md).
    const naming = [...files('serve'), ...files('plans').filter((f) => !f.startsWith('plans/audit/'))].filter((f) => /bin\/arena\.js|scripts\/arena\.ts|'arena\.js'|scripts\/commands/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(naming).toEqual([]);
    expect(files('plans').length).toBeGreaterThan(50);
  });

  it('the layers under the command line never import it', () => {
    const up = files('plans').flatMap((f) => importsOf(f).filter((t) => t.startsWith('scripts/')).map((t) => `${f} -> ${t}`));
    expect(up).toEqual([]);
  });
});
