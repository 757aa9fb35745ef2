/**
 * Held-out transfer: the best skill and the empty skill each play K episodes on every held-out variant,
 * with the same seeds, and the gain per variant is best mean - empty mean. Resumable episode by episode.
 */
import type { CurvePaths } from './curve-paths.js';
import type { CurveState, TransferRecord, VariantTransfer } from './curve-state.js';
import { playEpisode, type EpisodeContext } from './play-episode.js';

/** Called after each held-out episode: the variant, arm, episode and its score, and whether it was played now. */
export type TransferProgress = (e: { variant: string; arm: 'best' | 'empty'; episode: number; score: number; played: boolean }) => void;

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

function freshTransfer(state: CurveState, variants: readonly string[]): TransferRecord {
  const bestRound = state.best?.round ?? 0;
  return {
    bestRound,
    skill: state.rounds[bestRound]?.skill ?? '',
    variants: variants.map((variant): VariantTransfer => ({ variant, empty: { episodes: [] }, best: { episodes: [] } })),
    finished: false,
  };
}

/**
 * Plays what is missing of the transfer on `variants` and stores it in `state.transfer`, calling `save` after
 * every episode. A stored transfer made with another best round or other variants is started again.
 */
export async function runTransfer(state: CurveState, variants: readonly string[], paths: CurvePaths, ctx: EpisodeContext, save: () => void, onEpisode: TransferProgress): Promise<TransferRecord> {
  const wanted = freshTransfer(state, variants);
  const stored = state.transfer;
  if (!stored || stored.bestRound !== wanted.bestRound || stored.variants.map((v) => v.variant).join() !== variants.join()) {
    state.transfer = wanted;
    save();
  }
  const transfer = state.transfer!;
  const k = ctx.settings.episodes;
  for (const v of transfer.variants) {
    for (const arm of ['empty', 'best'] as const) {
      const armRecord = v[arm];
      for (let episode = 0; episode < k; episode++) {
        if (armRecord.episodes.some((e) => e.episode === episode)) continue;
        const { record, played } = await playEpisode(
          { runsDir: paths.heldOut(v.variant, arm), episode, seed: ctx.settings.seed + episode, variant: v.variant, skill: arm === 'best' ? transfer.skill : '', player: { phase: 'heldout', arm } },
          ctx,
        );
        armRecord.episodes.push(record);
        armRecord.episodes.sort((a, b) => a.episode - b.episode);
        save();
        onEpisode({ variant: v.variant, arm, episode, score: record.score, played });
      }
      armRecord.mean = mean(armRecord.episodes.map((e) => e.score));
    }
    v.gain = v.best.mean! - v.empty.mean!;
    save();
  }
  transfer.finished = true;
  save();
  return transfer;
}
