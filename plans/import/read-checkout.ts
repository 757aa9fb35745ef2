/**
 * Reads a local checkout of the OmniGameArena runner at run time: its maps config, its cold-start
 * configs (`configs/vlm/cold_start/<regime>/<game>/*.yaml`, resolving `extends:` from the file's folder)
 * and its IDC configs. Only the fields the profile needs are read; each file is validated with zod.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { RunnerMapsConfig } from '../../games-manifest/index.js';
import { ClockMode } from '../../gateway/index.js';
import { parseConfig } from '../match/match-config.js';

/** The fields of one runner experiment config this import uses (others are allowed and ignored). */
export const RunnerExperiment = z.looseObject({
  game: z.string().min(1),
  clock_mode: ClockMode.optional(),
  env: z.looseObject({ host: z.string().optional(), port: z.number().int().optional(), max_steps: z.number().int().positive().optional(), screenshot_quality: z.number().int().min(1).max(100).optional(), map: z.string().optional() }).optional(),
  agents: z.array(z.union([z.string(), z.looseObject({ model: z.string() })])).optional(),
  players: z.array(z.looseObject({ id: z.number().int().optional(), port: z.number().int().optional(), model: z.string().optional() })).optional(),
  params: z.looseObject({ history_len: z.number().int().min(0).optional(), temperature: z.number().optional(), obs_delay: z.number().min(0).optional(), chunk_steps: z.number().int().positive().optional() }).optional(),
  /** IDC configs: the player model. */
  model: z.string().min(1).optional(),
  /** IDC configs: the curve's own settings. */
  idc: z
    .looseObject({
      rounds: z.number().int().min(0).optional(),
      episodes_per_round: z.number().int().positive().optional(),
      reflector_model: z.string().optional(),
      reflector_temperature: z.number().min(0).max(2).optional(),
      reflector_resize_size: z.number().int().min(0).optional(),
      max_reflection_iterations: z.number().int().positive().optional(),
      validator_model: z.string().optional(),
      validator_temperature: z.number().min(0).max(2).optional(),
      max_validate_skill_calls: z.number().int().min(0).optional(),
      success_threshold: z.number().optional(),
    })
    .optional(),
});
export type RunnerExperiment = z.infer<typeof RunnerExperiment>;

/** One resolved experiment config: where it came from and its merged fields. */
export interface CheckoutExperiment {
  /** Path inside the checkout, e.g. `configs/vlm/cold_start/solo/last_stand/vanilla_pdq.yaml`. */
  readonly file: string;
  readonly config: RunnerExperiment;
}

export interface Checkout {
  readonly root: string;
  readonly maps: RunnerMapsConfig;
  readonly mapsFile: string;
  readonly coldStart: readonly CheckoutExperiment[];
  readonly idc: readonly CheckoutExperiment[];
  /** Game prompt files found, by game id (the runner's `<game>[_player1].txt`). */
  readonly prompts: Readonly<Record<string, readonly string[]>>;
}

function readYaml(path: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ArenaError(ErrorCode.BAD_CONFIG, `${path}: not a mapping`);
  return raw as Record<string, unknown>;
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Merges `over` onto `base`: mappings key by key, anything else replaced. */
function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isMapping(b) && isMapping(v) ? merge(b, v) : v;
  }
  return out;
}

/** A config with its `extends:` chain resolved (BAD_CONFIG on a cycle). */
function resolved(path: string, seen: readonly string[] = []): Record<string, unknown> {
  if (seen.includes(path)) throw new ArenaError(ErrorCode.BAD_CONFIG, `${path}: extends itself through ${seen.join(' -> ')}`);
  const own = readYaml(path);
  const parent = own.extends;
  const { extends: _omit, ...rest } = own;
  if (typeof parent !== 'string') return rest;
  return merge(resolved(join(dirname(path), parent), [...seen, path]), rest);
}

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.yaml'))
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

function experiments(root: string, dir: string): CheckoutExperiment[] {
  return yamlFiles(join(root, dir)).map((path) => {
    const file = relative(root, path);
    return { file, config: parseConfig(resolved(path), RunnerExperiment, file) };
  });
}

/** Reads the checkout at `root`; BAD_CONFIG when it has no maps config or a config is malformed. */
export function readCheckout(root: string): Checkout {
  const mapsFile = join(root, 'configs', 'maps.yaml');
  if (!existsSync(mapsFile)) throw new ArenaError(ErrorCode.BAD_CONFIG, `${root} is not a runner checkout: no configs/maps.yaml`);
  const maps = parseConfig(readYaml(mapsFile), RunnerMapsConfig, 'configs/maps.yaml');
  const promptDir = join(root, 'omni_game_arena', 'prompts', 'games');
  const prompts: Record<string, string[]> = {};
  if (existsSync(promptDir)) {
    for (const name of readdirSync(promptDir).filter((n) => n.endsWith('.txt')).sort()) {
      const game = name.replace(/(_player\d)?\.txt$/, '');
      (prompts[game] ??= []).push(join(promptDir, name));
    }
  }
  return { root, maps, mapsFile, coldStart: experiments(root, join('configs', 'vlm', 'cold_start')), idc: experiments(root, join('configs', 'vlm', 'idc')), prompts };
}
