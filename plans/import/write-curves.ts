/**
 * Converts a runner checkout's IDC configs into `arena curve --config` files (`curves/<game>--<model>.json`):
 * curve settings in the runner's style, played under the profile on the config's build, with the runner's
 * rounds, episodes per round, reflector and validator models and temperatures, validator budget and the
 * 0.7 x best regression guard; round 0 is read from the import's own runs folder, where the imported
 * cold-start match configs write. What cannot be carried over is noted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runnerGame, runnerMaps, type RunnerGame } from '../../games-manifest/index.js';
import { parseCurveSettings, type CurveSettingsInput } from '../../reflection/index.js';
import { describePlayer } from '../curve/curve-player.js';
import type { Checkout, CheckoutExperiment } from './read-checkout.js';

/** The runner's MAJOR_REGRESSION threshold: below 0.7 x the best mean, the best skill is the one revised. */
export const RUNNER_REGRESSION_RATIO = 0.7;

/** One curve config written. */
export interface ImportedCurve {
  readonly file: string;
  readonly from: string;
  readonly game: string;
  readonly model: string;
}

/** A name made safe for a file name: runs of other characters become `_`. */
export const safe = (s: string): string => s.replace(/[^A-Za-z0-9._+-]+/g, '_');

/** The variant a config's `env.map` key selects: `origin`, or `var1..var3` for `<game>_varN`. */
export function variantOf(game: RunnerGame, mapKey: string | undefined): string {
  if (mapKey === undefined || mapKey === game.id) return 'origin';
  const suffix = mapKey.startsWith(`${game.id}_`) ? mapKey.slice(game.id.length + 1) : undefined;
  return suffix !== undefined && game.variants.includes(suffix) ? suffix : 'origin';
}

const nonEmpty = (s: string | undefined): string | undefined => (s === undefined || s.trim() === '' ? undefined : s.trim());

/** The curve settings of one IDC config; notes for what it cannot take. */
function curveOf(e: CheckoutExperiment, game: RunnerGame, checkout: Checkout, outDir: string, baseUrl: string, notes: string[]): CurveSettingsInput {
  const c = e.config;
  const idc = c.idc ?? {};
  const params = c.params ?? {};
  const model = c.model!;
  const variant = variantOf(game, c.env?.map);
  const maps = runnerMaps(game, checkout.maps);
  const reflector = nonEmpty(idc.reflector_model) ?? model;
  if (idc.max_reflection_iterations !== undefined) notes.push(`${e.file}: max_reflection_iterations ${idc.max_reflection_iterations} caps all of the runner's reflector turns; written as the inspection budget (maxToolCalls)`);
  if (params.chunk_steps !== undefined && params.chunk_steps !== game.chunkSteps) notes.push(`${e.file}: chunk_steps ${params.chunk_steps}, the profile plays ${game.chunkSteps}`);
  const vlm = { model, baseUrl, historyLength: params.history_len ?? game.historyLength, temperature: params.temperature ?? 0 };
  return {
    game: game.id,
    variant,
    heldOut: Object.keys(maps).filter((v) => v !== 'origin' && v !== variant),
    rounds: idc.rounds ?? 10,
    episodes: idc.episodes_per_round ?? 5,
    clock: 'pdq',
    rollbackRatio: RUNNER_REGRESSION_RATIO,
    ...(idc.success_threshold === undefined ? {} : { successThreshold: idc.success_threshold }),
    reflector: {
      model: reflector,
      ...(idc.reflector_temperature === undefined ? {} : { temperature: idc.reflector_temperature }),
      ...(idc.reflector_resize_size ? { frameMaxSide: Math.max(16, idc.reflector_resize_size) } : {}),
      ...(idc.max_reflection_iterations === undefined ? {} : { maxToolCalls: Math.min(500, idc.max_reflection_iterations) }),
    },
    match: {
      profile: 'omnigamearena',
      env: `remote-input://${c.env?.host ?? '127.0.0.1'}:${c.env?.port ?? 12345}`,
      maps: resolve(checkout.mapsFile),
      stepBudget: c.env?.max_steps ?? game.stepBudget,
      observationDelayMs: Math.round((params.obs_delay ?? game.observationDelayMs / 1000) * 1000),
    },
    runner: {
      roundZero: join(resolve(outDir), 'runs'),
      ...(nonEmpty(idc.validator_model) === undefined ? {} : { validatorModel: nonEmpty(idc.validator_model) }),
      ...(idc.validator_temperature === undefined ? {} : { validatorTemperature: idc.validator_temperature }),
      ...(idc.max_validate_skill_calls === undefined ? {} : { maxValidateCalls: idc.max_validate_skill_calls }),
    },
    player: { ...describePlayer('vlm', vlm, { baseUrl, apiKeyEnv: 'OPENAI_API_KEY' }) },
  };
}

/** Writes a curve config per IDC config of `checkout` into `outDir/curves`; notes go to `notes`. */
export function writeCurves(checkout: Checkout, outDir: string, baseUrl: string, notes: string[]): ImportedCurve[] {
  const curves: ImportedCurve[] = [];
  for (const e of checkout.idc) {
    const game = runnerGame(e.config.game);
    if (game === undefined) {
      notes.push(`${e.file}: game '${e.config.game}' is not one of the benchmark's twelve; skipped`);
      continue;
    }
    if (game.regime === 'pvp') {
      notes.push(`${e.file}: ${game.id} is PvP; a curve needs a solo or coop game; skipped`);
      continue;
    }
    if (e.config.model === undefined) {
      notes.push(`${e.file}: no model; skipped`);
      continue;
    }
    const settings = parseCurveSettings(curveOf(e, game, checkout, outDir, baseUrl, notes));
    const file = join('curves', `${game.id}--${safe(e.config.model)}.json`);
    mkdirSync(join(outDir, 'curves'), { recursive: true });
    writeFileSync(join(outDir, file), `${JSON.stringify(settings, null, 2)}\n`);
    curves.push({ file, from: e.file, game: game.id, model: e.config.model });
    notes.push(`${e.file}: round 0 is read from ${join(resolve(outDir), 'runs')}: play the imported cold-start configs of ${game.id} with ${e.config.model} first (or give --cold-start DIR)`);
  }
  return curves;
}
