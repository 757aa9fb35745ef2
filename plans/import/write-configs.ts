/**
 * Turns a runner checkout into `arena` files in a folder of the user's: one match config per cold-start
 * config and model (`matches/<game>/<config>--<model>.json`, runnable with `arena match --config`), a
 * RemoteInput recipe per game (`recipes/<game>.json`), a runner-style curve config per IDC config
 * (`curves/<game>--<model>.json`, runnable with `arena curve --config`), and `import.json`, the index with
 * every setting the profile cannot take from a config (reported, not dropped silently).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { runnerEntry, runnerGame, runnerMaps, getGame, type RunnerGame } from '../../games-manifest/index.js';
import { MatchConfig, parseConfig } from '../match/match-config.js';
import type { Checkout, CheckoutExperiment } from './read-checkout.js';
import { safe, variantOf, writeCurves, type ImportedCurve } from './write-curves.js';

export interface ImportOptions {
  /** The OpenAI-compatible endpoint written into every VLM agent (default http://127.0.0.1:8000/v1). */
  readonly baseUrl: string;
}

export interface ImportIndex {
  readonly checkout: string;
  readonly maps: string;
  readonly matches: readonly { readonly file: string; readonly from: string; readonly game: string; readonly clock: string; readonly variant: string; readonly models: readonly string[] }[];
  readonly recipes: readonly string[];
  /** `arena curve --config` files, one per IDC config, in the runner's style. */
  readonly curves: readonly ImportedCurve[];
  readonly notes: readonly string[];
}


function lineUps(e: CheckoutExperiment, regime: RunnerGame['regime']): string[][] {
  const c = e.config;
  if (regime === 'solo') return (c.agents ?? []).map((a) => [typeof a === 'string' ? a : a.model]);
  const players = [...(c.players ?? [])].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  const models = players.map((p) => p.model).filter((m): m is string => m !== undefined);
  return models.length === players.length && models.length > 0 ? [models] : [];
}

/** Writes the arena files for `checkout` into `outDir`; returns the index it also writes as import.json. */
export function writeImport(checkout: Checkout, outDir: string, options: ImportOptions): ImportIndex {
  const notes: string[] = [];
  const matches: ImportIndex['matches'][number][] = [];
  const recipes: string[] = [];
  const mapsFile = resolve(checkout.mapsFile);
  const recipeGames = new Set<string>();
  for (const e of checkout.coldStart) {
    const game = runnerGame(e.config.game);
    if (game === undefined) {
      notes.push(`${e.file}: game '${e.config.game}' is not one of the benchmark's twelve; skipped`);
      continue;
    }
    const params = e.config.params ?? {};
    if (params.chunk_steps !== undefined && params.chunk_steps !== game.chunkSteps) notes.push(`${e.file}: chunk_steps ${params.chunk_steps}, the profile plays ${game.chunkSteps}`);
    const host = e.config.env?.host ?? '127.0.0.1';
    const port = e.config.players?.[0]?.port ?? e.config.env?.port ?? 12345;
    const clock = e.config.clock_mode ?? 'pdq';
    if (clock === 'realtime') notes.push(`${e.file}: clock_mode realtime is played with our realtime clock, not the runner's`);
    const variant = variantOf(game, e.config.env?.map);
    for (const models of lineUps(e, game.regime)) {
      const history = params.history_len ?? game.historyLength;
      const config = parseConfig(
        {
          game: game.id,
          env: `remote-input://${host}:${port}`,
          profile: 'omnigamearena',
          maps: mapsFile,
          variant,
          clock,
          stepBudget: e.config.env?.max_steps ?? game.stepBudget,
          observationDelayMs: Math.round((params.obs_delay ?? game.gameObservationDelayMs / 1000) * 1000),
          agents: models.map((model) => ({ kind: 'vlm', label: model, vlm: { model, baseUrl: options.baseUrl, historyLength: history, temperature: params.temperature ?? 0 } })),
          runsDir: join(resolve(outDir), 'runs'),
        },
        MatchConfig,
        e.file,
      );
      const file = join('matches', game.id, `${safe(basename(e.file, '.yaml'))}--${safe(models.join('+'))}.json`);
      mkdirSync(join(outDir, 'matches', game.id), { recursive: true });
      writeFileSync(join(outDir, file), `${JSON.stringify(config, null, 2)}\n`);
      matches.push({ file, from: e.file, game: game.id, clock, variant, models });
    }
    if (!recipeGames.has(game.id)) {
      recipeGames.add(game.id);
      const entry = runnerEntry(getGame(game.id), game, { kind: 'remote-input', host, port }, runnerMaps(game, checkout.maps));
      mkdirSync(join(outDir, 'recipes'), { recursive: true });
      const file = join('recipes', `${game.id}.json`);
      writeFileSync(join(outDir, file), `${JSON.stringify(entry.launch, null, 2)}\n`);
      recipes.push(file);
    }
  }
  const curves = writeCurves(checkout, outDir, options.baseUrl, notes);
  const index: ImportIndex = { checkout: resolve(checkout.root), maps: mapsFile, matches, recipes, curves, notes };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'import.json'), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}
