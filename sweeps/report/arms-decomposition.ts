/**
 * Speed or skill in a sweep: a spec whose `fairness` lists pdq, a matched arm and lcrt plays every cell under
 * each on the same seeds, and per agent x game x latency the report takes its mean progress apart as
 * docs/pvp-fairness.md does a tournament's rating: skill = the pdq mean, cost of reacting = matched - pdq,
 * speed advantage = lcrt - matched. Each component has a 95% percentile-bootstrap interval over episodes: an
 * episode index is drawn with replacement and every seat of it, in every arm, comes with it (paired, seeded).
 */
import { Prng } from '../../protocol/index.js';
import { quantile } from './stats.js';

/** One completed seat of one episode: who, where, under which arm (the cell's clock or fairness arm) and how far it got. */
export interface ArmSample {
  readonly agent: string;
  readonly game: string;
  /** `pdq`, `lcrt`, `matched` or `matched:STAT[:ROUNDS]`. */
  readonly arm: string;
  readonly latency: string;
  /** The same seat of the same line-up in every arm (line-up and slot). */
  readonly seat: string;
  readonly episode: number;
  readonly progress: number;
}

/** A component with its bootstrap interval. */
export interface ArmEstimate {
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
}

/** Per agent x game x lcrt latency x matched arm: the mean progress under each arm and its decomposition. */
export interface ArmsRow {
  readonly agent: string;
  readonly game: string;
  readonly latency: string;
  readonly matchedArm: string;
  /** Episode indices present under all three arms (what the bootstrap resamples). */
  readonly episodes: number;
  /** Seats counted in each arm's mean (episodes x the agent's seats per episode). */
  readonly seats: number;
  readonly pdq: number;
  readonly matched: number;
  readonly lcrt: number;
  readonly skill: ArmEstimate;
  readonly reacting: ArmEstimate;
  readonly speed: ArmEstimate;
}

/** The bootstrap every sweep report uses: resamples, seed and level. */
export const ARMS_BOOTSTRAP = { samples: 1000, seed: 1, level: 0.95 } as const;

const ARMS = ['pdq', 'matched', 'lcrt'] as const;
const round = (x: number): number => Math.round(x * 1e4) / 1e4;

/** Every decomposition the samples allow (none unless pdq, a matched arm and lcrt were all played). */
export function armsDecomposition(samples: readonly ArmSample[]): ArmsRow[] {
  const rows: ArmsRow[] = [];
  const groups = new Map<string, ArmSample[]>();
  for (const s of samples) {
    const k = `${s.agent}\u0000${s.game}`;
    const list = groups.get(k);
    if (list) list.push(s);
    else groups.set(k, [s]);
  }
  for (const list of groups.values()) {
    const pdq = list.filter((s) => s.arm === 'pdq');
    const matchedArms = [...new Set(list.filter((s) => s.arm === 'matched' || s.arm.startsWith('matched:')).map((s) => s.arm))].sort();
    const latencies = [...new Set(list.filter((s) => s.arm === 'lcrt').map((s) => s.latency))].sort();
    for (const matchedArm of matchedArms) {
      for (const latency of latencies) {
        const byArm = {
          pdq,
          matched: list.filter((s) => s.arm === matchedArm && s.latency === latency),
          lcrt: list.filter((s) => s.arm === 'lcrt' && s.latency === latency),
        };
        const row = decomposeOne(list[0]!.agent, list[0]!.game, latency, matchedArm, byArm);
        if (row) rows.push(row);
      }
    }
  }
  return rows.sort((a, b) => a.agent.localeCompare(b.agent) || a.game.localeCompare(b.game) || a.latency.localeCompare(b.latency) || a.matchedArm.localeCompare(b.matchedArm));
}

function decomposeOne(agent: string, game: string, latency: string, matchedArm: string, byArm: Record<(typeof ARMS)[number], readonly ArmSample[]>): ArmsRow | undefined {
  const keyed = ARMS.map((arm) => new Map(byArm[arm].map((s) => [`${s.seat}\u0000${s.episode}`, s])));
  const common = [...keyed[0]!.keys()].filter((k) => keyed.every((m) => m.has(k)));
  if (common.length === 0) return undefined;
  // Per episode index, the sum of progress and the seat count under each arm.
  const perEpisode = new Map<number, { sums: number[]; seats: number }>();
  for (const k of common) {
    const episode = keyed[0]!.get(k)!.episode;
    const e = perEpisode.get(episode) ?? { sums: [0, 0, 0], seats: 0 };
    keyed.forEach((m, i) => (e.sums[i]! += m.get(k)!.progress));
    e.seats++;
    perEpisode.set(episode, e);
  }
  const episodes = [...perEpisode.keys()].sort((x, y) => x - y);
  const means = (chosen: readonly number[]): number[] => {
    const sums = [0, 0, 0];
    let seats = 0;
    for (const ep of chosen) {
      const e = perEpisode.get(ep)!;
      e.sums.forEach((v, i) => (sums[i]! += v));
      seats += e.seats;
    }
    return sums.map((v) => v / seats);
  };
  const parts = (m: readonly number[]): [number, number, number] => [m[0]!, m[1]! - m[0]!, m[2]! - m[1]!];
  const point = means(episodes);
  const drawn: number[][] = [[], [], []];
  const rng = new Prng(ARMS_BOOTSTRAP.seed, 13);
  for (let s = 0; s < ARMS_BOOTSTRAP.samples; s++) {
    const chosen = Array.from({ length: episodes.length }, () => episodes[rng.int(episodes.length)]!);
    parts(means(chosen)).forEach((v, i) => drawn[i]!.push(v));
  }
  const tail = (1 - ARMS_BOOTSTRAP.level) / 2;
  const [skill, reacting, speed] = parts(point).map((value, i): ArmEstimate => ({ value: round(value), lo: round(quantile(drawn[i]!, tail)), hi: round(quantile(drawn[i]!, 1 - tail)) }));
  return { agent, game, latency, matchedArm, episodes: episodes.length, seats: common.length, pdq: round(point[0]!), matched: round(point[1]!), lcrt: round(point[2]!), skill: skill!, reacting: reacting!, speed: speed! };
}
