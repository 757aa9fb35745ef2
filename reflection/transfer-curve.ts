/**
 * Held-out transfer on demand (`arena transfer`): the best skill of an existing curve and no skill each play K
 * episodes on each named variant with paired seeds, using the curve's stored settings (game, clock, limits).
 * The table goes to `transfer.json` and `transfer.csv` and into the curve's summary and plot; the curve's own
 * state is only read. Running it again resumes it: finished episodes are adopted, never replayed.
 */
import { resolve } from 'node:path';
import { ArenaError, ErrorCode, toArenaError } from '../protocol/index.js';
import { getGame, getVariant, type GameEntry } from '../games-manifest/index.js';
import type { MatchSpec } from '../gateway/index.js';
import { writeCurveArtefacts } from './curve-artefacts.js';
import { CurvePaths } from './curve-paths.js';
import { readCurveState, type CurveState } from './curve-state.js';
import { freshTransfer, playTransfer, transferDone, type Arm } from './held-out.js';
import type { AttemptResolver, EpisodeContext, EpisodePlay, PlayerFactory } from './play-episode.js';
import { readTransferTable, TRANSFER_TABLE_VERSION, writeTransferCsv, writeTransferTable, type TransferTable } from './transfer-table.js';

/** Progress of a transfer, for progress bars. `done` and `total` count episodes of both arms. */
export type TransferEvent =
  | { readonly type: 'started'; readonly dir: string; readonly bestRound: number; readonly resumed: boolean; readonly done: number; readonly total: number }
  | { readonly type: 'episode'; readonly variant: string; readonly arm: Arm; readonly episode: number; readonly score: number; readonly played: boolean; readonly done: number; readonly total: number };

/** What `transferCurve` needs: the curve, the variants, K and the seed, and the player seam. */
export interface TransferConfig {
  /** The curve directory (holding `curve.json`). */
  readonly dir: string;
  /** Variants to transfer to; each must be a variant of the curve's game other than the one learned on. */
  readonly variants: readonly string[];
  /** Episodes K per arm and variant. */
  readonly episodes: number;
  /** Seed of episode 0; default the curve's seed. */
  readonly seed?: number;
  /** Makes the player for each slot of each episode (the CLI rebuilds the curve's own player from its settings). */
  readonly makePlayer: PlayerFactory;
  /** A manifest entry to use instead of looking the game up (tests and external games). */
  readonly entry?: GameEntry;
  /** Starts the game another way (tests); default the entry's launch recipe. */
  readonly launch?: MatchSpec['launch'];
  /** Extra fields stored in every episode's run.json. */
  readonly meta?: Readonly<Record<string, unknown>>;
  /** Turns an attempt into the match it plays in this process: plans' `resolveAttempt` (the one match resolver), injected. */
  readonly resolve: AttemptResolver;
  /** Plays each episode another way (the CLI: through a work backend). */
  readonly play?: EpisodePlay;
  /** Episodes of an arm played at once; default 1. */
  readonly parallel?: number;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: TransferEvent) => void;
}

function checkRequest(config: Pick<TransferConfig, 'variants' | 'episodes' | 'seed'>, entry: GameEntry, learnedOn: string, curveSeed: number): { variants: string[]; episodes: number; seed: number } {
  const { episodes } = config;
  const seed = config.seed ?? curveSeed;
  if (!Number.isInteger(episodes) || episodes < 1 || episodes > 10_000) throw new ArenaError(ErrorCode.BAD_CONFIG, `episodes must be an integer from 1 to 10000 (got ${episodes})`);
  if (!Number.isInteger(seed) || seed < 0) throw new ArenaError(ErrorCode.BAD_CONFIG, `seed must be a non-negative integer (got ${seed})`);
  const variants = [...new Set(config.variants)];
  if (variants.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, 'name at least one variant to transfer to');
  for (const id of variants) {
    getVariant(entry, id);
    if (id === learnedOn) throw new ArenaError(ErrorCode.BAD_CONFIG, `the skill was learned on '${id}'; transfer it to another variant of ${entry.id}`);
  }
  return { variants, episodes, seed };
}

/** A transfer request checked against its curve: the curve's state, its game, the variants, K, the seed and the best round. */
export interface CheckedTransfer {
  readonly state: CurveState;
  readonly entry: GameEntry;
  readonly variants: readonly string[];
  readonly episodes: number;
  readonly seed: number;
  readonly best: NonNullable<CurveState['best']>;
}

/** Checks a transfer request before anything plays (BAD_CONFIG: no curve, no finished round, a bad variant, K or seed). */
export function checkTransfer(config: Pick<TransferConfig, 'dir' | 'variants' | 'episodes' | 'seed' | 'entry'>): CheckedTransfer {
  const paths = new CurvePaths(config.dir);
  const state = readCurveState(paths.state);
  if (!state) throw new ArenaError(ErrorCode.BAD_CONFIG, `no curve in ${paths.dir}: ${paths.state} does not exist`, { details: { looked: [resolve(paths.state)] } });
  const entry = config.entry ?? getGame(state.settings.game);
  const { variants, episodes, seed } = checkRequest(config, entry, state.variant, state.settings.seed);
  const best = state.best;
  if (!best) throw new ArenaError(ErrorCode.BAD_CONFIG, `curve ${state.id} has no finished round yet, so no best skill to transfer`);
  return { state, entry, variants, episodes, seed, best };
}

/** Runs (or resumes) a transfer of the curve's best skill and returns its table; the table is also in `transfer.json`. */
export async function transferCurve(config: TransferConfig): Promise<TransferTable> {
  const paths = new CurvePaths(config.dir);
  const { state, entry, variants, episodes, seed, best } = checkTransfer(config);

  const stored = readTransferTable(paths.transferTable);
  const same = stored?.episodes === episodes && stored.seed === seed && stored.bestRound === best.round && stored.variants.map((v) => v.variant).join() === variants.join();
  const table: TransferTable =
    stored && same
    ? stored
    : { version: TRANSFER_TABLE_VERSION, curve: state.id, game: entry.id, learnedOn: state.variant, episodes, seed, bestMean: best.mean, updatedAt: '', ...freshTransfer(best.round, state.rounds[best.round]!.skill, variants) };
  const save = (): void => writeTransferTable(paths.transferTable, table);
  save();
  const total = variants.length * 2 * episodes;
  const emit = (e: TransferEvent): void => config.onEvent?.(e);
  emit({ type: 'started', dir: paths.dir, bestRound: best.round, resumed: same, done: transferDone(table), total });
  const ctx: EpisodeContext = {
    curveDir: paths.dir,
    settings: state.settings,
    entry,
    slots: entry.slots.map((s) => s.slot),
    makePlayer: config.makePlayer,
    signal: config.signal,
    launch: config.launch,
    meta: { ...config.meta, curve: state.id, transfer: { episodes, seed, bestRound: best.round } },
    resolve: config.resolve,
    play: config.play,
    parallel: config.parallel,
  };
  try {
    await playTransfer(table, { episodes, seed, runsDir: (variant, arm) => paths.transferRuns(variant, arm, best.round, seed) }, ctx, save, (e) =>
      emit({ type: 'episode', ...e, done: transferDone(table), total }),
    );
  } catch (err) {
    throw toArenaError(err);
  } finally {
    writeTransferCsv(paths.transferCsv, table);
  }
  await writeCurveArtefacts(paths.dir, state);
  return table;
}
