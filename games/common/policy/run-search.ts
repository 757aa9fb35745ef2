/** What the obstacle-run planners share: building candidate key sequences and judging them over start delays. */

/**
 * Idle times, ms, that may pass before a chunk starts when the runner is observed in the air: none in pdq,
 * the charged decision latency in lcrt (which also observes straight after a chunk). A plan made in the air
 * must be safe for each of them; on the ground idling changes nothing.
 */
export const AIRBORNE_DELAYS_MS: readonly number[] = [0, 50, 250, 500, 1000, 2000];

/** The start delays, in ticks, a plan from a runner on the ground (or in the air) must survive. */
export function startDelayTicks(onGround: boolean, tickMs: number): number[] {
  return (onGround ? [0] : AIRBORNE_DELAYS_MS).map((ms) => Math.round(ms / tickMs));
}

/** `prefix` followed by empty steps up to `n` steps. */
export function padSteps<K>(prefix: readonly (readonly K[])[], n: number): (readonly K[])[] {
  return [...prefix, ...Array.from({ length: n - prefix.length }, () => [])];
}

/** `keys` held for `k` steps. */
export function holdSteps<const K extends string>(keys: readonly K[], k: number): (readonly K[])[] {
  return Array.from({ length: k }, () => keys);
}

/** Keys pressed over all of `steps`: fewer breaks ties between equally good plans. */
export function keyPresses(steps: readonly (readonly unknown[])[]): number {
  return steps.reduce((n, s) => n + s.length, 0);
}

/** The lowest `score` over `delays`, stopping at the first -Infinity. */
export function worstOver(delays: readonly number[], score: (delay: number) => number): number {
  let worst = Infinity;
  for (let d = 0; d < delays.length && worst > -Infinity; d++) worst = Math.min(worst, score(delays[d] ?? 0));
  return worst;
}
