/**
 * A round's (or a held-out arm's) missing episodes, played up to `ctx.parallel` at once. Each finished episode
 * is handed to `onPlayed` as it ends; the caller keeps records sorted by episode, so a curve's numbers do not
 * depend on the order in which episodes finish.
 */
import { playEpisode, type EpisodeContext, type EpisodePlan } from './play-episode.js';
import type { EpisodeRecord } from './curve-state.js';

/** Called for each episode once it is played or adopted. */
export type OnPlayed = (plan: EpisodePlan, result: { readonly record: EpisodeRecord; readonly played: boolean }) => void;

/**
 * Plays `plans`, at most `ctx.parallel` (default 1) at once, in order of the list. At the first failure no
 * further episode starts; those in flight end (and are handed to `onPlayed` when they succeed), then the
 * first failure is thrown.
 */
export async function playEpisodes(plans: readonly EpisodePlan[], ctx: EpisodeContext, onPlayed: OnPlayed): Promise<void> {
  let next = 0;
  let failure: { readonly error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (failure === undefined && next < plans.length) {
      const plan = plans[next++]!;
      try {
        onPlayed(plan, await playEpisode(plan, ctx));
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const lanes = Math.max(1, Math.min(ctx.parallel ?? 1, plans.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failure !== undefined) throw failure.error;
}
