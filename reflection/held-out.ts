/**
 * Held-out transfer: the best skill and the empty skill each play K episodes on every held-out variant,
 * with the same seeds, and the gain per variant is best mean - empty mean. Resumable episode by episode.
 * The curve's own transfer (`runTransfer`) and `arena transfer` (`transferCurve`) share `playTransfer`.
 */
import type { CurvePaths } from './curve-paths.js';
import type { CurveState, TransferRecord, VariantTransfer } from './curve-state.js';
import { playEpisodes } from './episode-pool.js';
import type { EpisodeContext, EpisodePlan } from './play-episode.js';

/** One arm of a transfer: the best skill, or no skill. */
export type Arm = 'best' | 'empty';

/** Called after each held-out episode: the variant, arm, episode and its score, and whether it was played now. */
export type TransferProgress = (e: { variant: string; arm: Arm; episode: number; score: number; played: boolean }) => void;

/** How many episodes each arm plays, from which seed, and where their run directories go. */
export interface TransferPlan {
  /** Episodes K per arm and variant; episode k plays seed `seed + k` in both arms. */
  readonly episodes: number;
  readonly seed: number;
  /** Directory that holds one arm's run directories (`e<k>`) on one variant. */
  readonly runsDir: (variant: string, arm: Arm) => string;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** An empty transfer record of `skill` (the skill of round `bestRound`) on `variants`. */
export function freshTransfer(bestRound: number, skill: string, variants: readonly string[]): TransferRecord {
  return {
    bestRound,
    skill,
    variants: variants.map((variant): VariantTransfer => ({ variant, empty: { episodes: [] }, best: { episodes: [] } })),
    finished: false,
  };
}

/** Episodes recorded in a transfer, both arms of every variant. */
export const transferDone = (t: TransferRecord | undefined): number => t?.variants.reduce((s, v) => s + v.best.episodes.length + v.empty.episodes.length, 0) ?? 0;

/**
 * Plays what is missing of `transfer` (empty arm, then best arm, variant by variant), recording each episode in
 * it and calling `save` after every episode; sets each arm's mean, each gain, and `finished`.
 */
export async function playTransfer(transfer: TransferRecord, plan: TransferPlan, ctx: EpisodeContext, save: () => void, onEpisode: TransferProgress): Promise<TransferRecord> {
  for (const v of transfer.variants) {
    for (const arm of ['empty', 'best'] as const) {
      const armRecord = v[arm];
      const plans = Array.from({ length: plan.episodes }, (_, episode) => episode)
        .filter((episode) => !armRecord.episodes.some((e) => e.episode === episode))
        .map((episode): EpisodePlan => ({ runsDir: plan.runsDir(v.variant, arm), episode, seed: plan.seed + episode, variant: v.variant, skill: arm === 'best' ? transfer.skill : '', player: { phase: 'heldout', arm } }));
      await playEpisodes(plans, ctx, (p, { record, played }) => {
        armRecord.episodes.push(record);
        armRecord.episodes.sort((a, b) => a.episode - b.episode);
        save();
        onEpisode({ variant: v.variant, arm, episode: p.episode, score: record.score, played });
      });
      armRecord.mean = mean(armRecord.episodes.map((e) => e.score));
    }
    v.gain = v.best.mean! - v.empty.mean!;
    save();
  }
  transfer.finished = true;
  save();
  return transfer;
}

/**
 * The curve's own transfer: plays what is missing on `variants` with the curve's K and seed and stores it in
 * `state.transfer`. A stored transfer made with another best round or other variants is started again.
 */
export async function runTransfer(state: CurveState, variants: readonly string[], paths: CurvePaths, ctx: EpisodeContext, save: () => void, onEpisode: TransferProgress): Promise<TransferRecord> {
  const bestRound = state.best?.round ?? 0;
  const stored = state.transfer;
  if (!stored || stored.bestRound !== bestRound || stored.variants.map((v) => v.variant).join() !== variants.join()) {
    state.transfer = freshTransfer(bestRound, state.rounds[bestRound]?.skill ?? '', variants);
    save();
  }
  return playTransfer(state.transfer!, { episodes: ctx.settings.episodes, seed: ctx.settings.seed, runsDir: (v, arm) => paths.heldOut(v, arm) }, ctx, save, onEpisode);
}
