/**
 * The Improvement Dynamics Curve loop. Round 0 plays K episodes with the empty skill (the cold start); after
 * each round a reflector writes the next skill; the curve is [S0..SR] with every episode's score. A round at
 * the success threshold ends it early; a round below `rollbackRatio` x the best mean restores the best skill as
 * the input of the next reflection. Then the best skill and the empty skill are played on the held-out
 * variants. Everything is kept in the curve directory, and running again with the same settings resumes.
 */
import { basename, resolve } from 'node:path';
import { ArenaError, ErrorCode, toArenaError } from '../protocol/index.js';
import { getGame, getVariant, type GameEntry } from '../games-manifest/index.js';
import type { MatchSpec } from '../gateway/index.js';
import { writeCurveArtefacts } from './curve-artefacts.js';
import { CurvePaths } from './curve-paths.js';
import { parseCurveSettings, type CurveSettings, type CurveSettingsInput } from './curve-settings.js';
import { CURVE_STATE_VERSION, readCurveState, settingsMismatch, writeCurveState, type CurveState, type RoundRecord } from './curve-state.js';
import { runTransfer, transferDone } from './held-out.js';
import type { TokenCounter } from './lints.js';
import { playEpisodes } from './episode-pool.js';
import type { AttemptResolver, EpisodeContext, EpisodePlan, EpisodePlay, PlayerFactory } from './play-episode.js';
import { runReflection, type ReflectionResult, type ReflectorClient } from './reflector.js';
import type { RunnerReflectionRecord } from './runner-style/record.js';
import { runnerRoundZero, runnerStyleReflection } from './runner-style/curve-hooks.js';
import type { ReflectionInput, SkillRef } from './reflector-tools.js';

/** Progress of a curve, for progress bars. `done` and `total` count episodes. */
export type CurveEvent =
  | { readonly type: 'started'; readonly dir: string; readonly resumed: boolean; readonly done: number; readonly total: number }
  | { readonly type: 'episode'; readonly phase: 'round' | 'heldout'; readonly round?: number; readonly variant: string; readonly arm?: 'best' | 'empty'; readonly episode: number; readonly score: number; readonly played: boolean; readonly done: number; readonly total: number }
  | { readonly type: 'round'; readonly round: number; readonly mean: number; readonly best: { readonly round: number; readonly mean: number }; readonly rollbackTo?: number }
  | { readonly type: 'reflecting'; readonly afterRound: number }
  | { readonly type: 'reflected'; readonly afterRound: number; readonly outcome: 'accepted' | 'kept'; readonly keepReason?: string }
  | { readonly type: 'transfer'; readonly variant: string; readonly gain: number };

/** Everything a curve needs: where it lives, its settings, and the seams for the player and the reflector. */
export interface CurveConfig {
  /** The curve directory (e.g. `runs/curves/<id>`): created, or resumed when it holds a `curve.json`. */
  readonly dir: string;
  readonly settings: CurveSettingsInput;
  /** Makes the player agent for each slot of each episode, given the skill it plays. */
  readonly makePlayer: PlayerFactory;
  /** The reflector's chat-completions client (an `OpenAI` instance fits). */
  readonly reflector: ReflectorClient;
  /** Counts tokens for the skill and notebook bounds (the CLI passes the agents' `approxTokens`). */
  readonly countTokens: TokenCounter;
  /** A manifest entry to use instead of looking the game up (tests and external games). */
  readonly entry?: GameEntry;
  /** Starts the game another way (tests); default the entry's launch recipe. */
  readonly launch?: MatchSpec['launch'];
  /** Extra fields stored in every episode's run.json (the CLI puts its command line here). */
  readonly meta?: Readonly<Record<string, unknown>>;
  /** Turns an attempt into the match it plays in this process: plans' `resolveAttempt` (the one match resolver), injected. */
  readonly resolve: AttemptResolver;
  /** Plays each episode another way (the CLI: through a work backend, in this process or on a fleet). */
  readonly play?: EpisodePlay;
  /** Episodes of a round (and of a held-out arm) played at once; default 1. The curve is the same either way. */
  readonly parallel?: number;
  /** Stops the curve between or inside episodes and reflections; it can be resumed. */
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: CurveEvent) => void;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

function checkGame(settings: CurveSettings, entry: GameEntry): { variant: string; heldOut: string[]; slots: number[] } {
  if (entry.regime === 'pvp') throw new ArenaError(ErrorCode.BAD_CONFIG, `${entry.id} is a PvP game; a curve needs a solo or coop game`);
  const variant = settings.variant ?? (entry.variants.find((v) => !v.heldOut) ?? entry.variants[0]!).id;
  if (getVariant(entry, variant).heldOut) throw new ArenaError(ErrorCode.BAD_CONFIG, `variant '${variant}' of ${entry.id} is held out; learn the skill on another one`);
  const heldOut = settings.heldOut ?? entry.variants.filter((v) => v.heldOut).map((v) => v.id);
  for (const id of heldOut) {
    getVariant(entry, id);
    if (id === variant) throw new ArenaError(ErrorCode.BAD_CONFIG, `variant '${id}' cannot be both learned on and held out`);
  }
  return { variant, heldOut: [...new Set(heldOut)], slots: entry.slots.map((s) => s.slot) };
}

function openState(paths: CurvePaths, settings: CurveSettings, variant: string): { state: CurveState; resumed: boolean } {
  const stored = readCurveState(paths.state);
  if (!stored) {
    const now = new Date().toISOString();
    return { state: { version: CURVE_STATE_VERSION, id: basename(resolve(paths.dir)), createdAt: now, updatedAt: now, status: 'running', settings, variant, rounds: [] }, resumed: false };
  }
  const differ = settingsMismatch(stored.settings, settings);
  if (differ.length > 0) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `${paths.state} was started with other settings (${differ.join(', ')}); use another --id or the same settings`, { details: { fields: differ } });
  }
  stored.settings = settings;
  stored.status = 'running';
  delete stored.error;
  if (stored.stop?.reason === 'rounds') delete stored.stop;
  return { state: stored, resumed: true };
}

const skillRef = (r: RoundRecord): SkillRef => ({ round: r.round, skill: r.skill, mean: r.mean });

/** Runs (or resumes) a curve to its end and returns its final state; the state is also in `curve.json`. */
export async function runCurve(config: CurveConfig): Promise<CurveState> {
  const settings = parseCurveSettings(config.settings);
  const entry = config.entry ?? getGame(settings.game);
  if (entry.id !== settings.game) throw new ArenaError(ErrorCode.BAD_CONFIG, `the entry is '${entry.id}' but the settings name '${settings.game}'`);
  const { variant, heldOut, slots } = checkGame(settings, entry);
  const paths = new CurvePaths(config.dir);
  const { state, resumed } = openState(paths, settings, variant);
  const save = (): void => writeCurveState(paths.state, state);
  save();
  const k = settings.episodes;
  const total = (settings.rounds + 1) * k + heldOut.length * 2 * k;
  const countDone = (): number =>
    state.rounds.slice(0, settings.rounds + 1).reduce((s, r) => s + r.episodes.length, 0) + transferDone(state.transfer);
  const emit = (e: CurveEvent): void => config.onEvent?.(e);
  const ctx: EpisodeContext = { curveDir: paths.dir, settings, entry, slots, makePlayer: config.makePlayer, signal: config.signal, launch: config.launch, meta: { ...config.meta, curve: state.id }, resolve: config.resolve, play: config.play, parallel: config.parallel };
  emit({ type: 'started', dir: paths.dir, resumed, done: countDone(), total });

  const reflect = async (after: RoundRecord): Promise<RoundRecord> => {
    const r = after.round + 1;
    const best = state.rounds[state.best!.round]!;
    const base = after.rollback ? state.rounds[after.rollback.toRound]! : after;
    const input: ReflectionInput = {
      round: after.round,
      entry,
      variant,
      slots,
      episodes: after.episodes.map((record) => ({ record, dir: resolve(paths.dir, record.dir) })),
      played: skillRef(after),
      base: skillRef(base),
      best: skillRef(best),
      notebook: after.notebook,
      rounds: state.rounds,
      rollback: after.rollback,
      settings,
      countTokens: config.countTokens,
    };
    emit({ type: 'reflecting', afterRound: after.round });
    const result: ReflectionResult & { runner?: RunnerReflectionRecord } = settings.runner
      ? await runnerStyleReflection(input, config.reflector, state, paths, config.signal)
      : await runReflection(input, config.reflector, paths.transcript(r), config.signal);
    const sub = result.submission;
    const round: RoundRecord = {
      round: r,
      skill: sub?.skill ?? base.skill,
      skillTokens: config.countTokens(sub?.skill ?? base.skill),
      notebook: sub?.notebook ?? after.notebook,
      diagnosis: sub?.diagnosis ?? '',
      source: sub ? 'reflector' : 'kept',
      reflection: { afterRound: after.round, baseRound: base.round, ...result.record },
      episodes: [],
      finished: false,
      ...(result.runner ? { runner: result.runner } : {}),
    };
    paths.writeRoundFiles(r, { skill: round.skill, previousSkill: after.skill, notebook: round.notebook, diagnosis: round.diagnosis });
    emit({ type: 'reflected', afterRound: after.round, outcome: result.record.outcome, ...(result.record.keepReason ? { keepReason: result.record.keepReason } : {}) });
    return round;
  };

  const finishRound = (round: RoundRecord): void => {
    const m = mean(round.episodes.map((e) => e.score));
    round.mean = m;
    const prev = state.best;
    if (prev && m < settings.rollbackRatio * prev.mean) round.rollback = { toRound: prev.round, mean: m, bestMean: prev.mean, ratio: settings.rollbackRatio };
    if (!prev || m > prev.mean) state.best = { round: round.round, mean: m };
    round.finished = true;
  };

  try {
    for (let r = 0; r <= settings.rounds; r++) {
      let round = state.rounds[r];
      if (!round) {
        if (r === 0) {
          round = { round: 0, skill: '', skillTokens: 0, notebook: '', diagnosis: '', source: 'empty', episodes: [], finished: false };
          paths.writeRoundFiles(0, { skill: '', previousSkill: undefined, notebook: '', diagnosis: '' });
          // The runner style's round 0 is the user's cold-start runs, adopted whole.
          if (settings.runner) Object.assign(round, runnerRoundZero(settings.runner.roundZero, settings, variant, slots, paths));
        } else {
          round = await reflect(state.rounds[r - 1]!);
        }
        state.rounds[r] = round;
        save();
      }
      if (!round.finished) {
        const current = round;
        const plans = Array.from({ length: k }, (_, episode) => episode)
          .filter((episode) => !current.coldStart && !current.episodes.some((e) => e.episode === episode))
          .map((episode): EpisodePlan => ({ runsDir: paths.roundEpisodes(r), episode, seed: settings.seed + episode, variant, skill: current.skill, player: { phase: 'round', round: r } }));
        await playEpisodes(plans, ctx, (plan, { record, played }) => {
          current.episodes.push(record);
          current.episodes.sort((a, b) => a.episode - b.episode);
          save();
          emit({ type: 'episode', phase: 'round', round: r, variant, episode: plan.episode, score: record.score, played, done: countDone(), total });
        });
        finishRound(round);
        save();
        await writeCurveArtefacts(paths.dir, state).catch(() => undefined);
        emit({ type: 'round', round: r, mean: round.mean!, best: state.best!, ...(round.rollback ? { rollbackTo: round.rollback.toRound } : {}) });
      }
      // The runner style never stops early: every round is played.
      if (!settings.runner && round.mean! >= settings.successThreshold) {
        state.stop = { reason: 'success', round: r };
        break;
      }
    }
    state.stop ??= { reason: 'rounds', round: Math.min(settings.rounds, state.rounds.length - 1) };
    save();
    if (heldOut.length > 0) {
      const transfer = await runTransfer(state, heldOut, paths, ctx, save, (e) =>
        emit({ type: 'episode', phase: 'heldout', variant: e.variant, arm: e.arm, episode: e.episode, score: e.score, played: e.played, done: countDone(), total }),
      );
      for (const v of transfer.variants) emit({ type: 'transfer', variant: v.variant, gain: v.gain ?? 0 });
    }
    state.status = 'complete';
    save();
    await writeCurveArtefacts(paths.dir, state);
    return state;
  } catch (err) {
    const e = toArenaError(err);
    state.status = 'stopped';
    state.error = { code: e.code, message: e.message };
    save();
    await writeCurveArtefacts(paths.dir, state).catch(() => undefined);
    throw e;
  }
}
