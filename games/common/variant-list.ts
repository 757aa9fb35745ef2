/**
 * A game's variants from its manifest entry: the manifest's list holds each variant's id and time limit once,
 * and the game adds its own parameters, keyed by those ids so a missing or extra variant is a type error.
 */
import type { GameEntry, Variant } from '../../games-manifest/index.js';

/** The game's own parameters for each variant in `L`, by id. */
export type VariantParams<L extends readonly Pick<Variant, 'id'>[], P> = { readonly [K in L[number]['id']]: P };

/** A variant as the game runs it: the manifest's id and episode time limit (ms) with the game's parameters. */
export type WithManifest<P> = P & { readonly id: string; readonly timeLimitMs: number };

/** `entry`'s variants in manifest order, each with its time limit (the entry's where it sets none) and `params[id]`. */
export function manifestVariants<P>(entry: Pick<GameEntry, 'id' | 'timeLimitMs' | 'variants'>, params: Readonly<Record<string, P>>): readonly WithManifest<P>[] {
  return entry.variants.map((v) => {
    const own = params[v.id];
    if (own === undefined) throw new RangeError(`${entry.id} has no parameters for variant '${v.id}'`);
    return { id: v.id, timeLimitMs: v.timeLimitMs ?? entry.timeLimitMs, ...own };
  });
}
