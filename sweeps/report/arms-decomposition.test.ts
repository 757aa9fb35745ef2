/** The sweep report's speed-or-skill decomposition on samples whose effects are known: paired over episodes, seeded, only seats every arm played. */
import { describe, expect, it } from 'vitest';
import { armsDecomposition, type ArmSample } from './arms-decomposition.js';

/** Two agents of equal skill over 12 episodes; `fast` gains 0.2 (+- a per-episode wobble) under lcrt, `slow` loses it. */
function samples(): ArmSample[] {
  const out: ArmSample[] = [];
  for (let e = 0; e < 12; e++) {
    const wobble = ((e * 7) % 5) / 50;
    const base = 0.4 + ((e * 3) % 4) / 20;
    for (const [agent, slot, speed] of [['fast', 0, 0.2], ['slow', 1, -0.2]] as const) {
      const seat = `fast vs slow#${slot}`;
      out.push({ agent, game: 'sky_duel', arm: 'pdq', latency: 'none', seat, episode: e, progress: base });
      out.push({ agent, game: 'sky_duel', arm: 'matched', latency: 'synthetic:500', seat, episode: e, progress: base - 0.05 });
      out.push({ agent, game: 'sky_duel', arm: 'lcrt', latency: 'synthetic:500', seat, episode: e, progress: base - 0.05 + speed + (speed > 0 ? wobble : -wobble) });
    }
  }
  return out;
}

describe('armsDecomposition', () => {
  it('recovers the injected speed effect with an interval that excludes 0, and equal skill', () => {
    const rows = armsDecomposition(samples());
    expect(rows.map((r) => r.agent)).toEqual(['fast', 'slow']);
    const [fast, slow] = rows;
    expect(fast).toMatchObject({ game: 'sky_duel', latency: 'synthetic:500', matchedArm: 'matched', episodes: 12, seats: 12 });
    expect(fast!.skill.value).toBeCloseTo(slow!.skill.value, 9);
    expect(fast!.reacting.value).toBeCloseTo(-0.05, 9);
    expect(fast!.reacting.lo).toBeCloseTo(-0.05, 9);
    expect(fast!.speed.value).toBeGreaterThan(0.2);
    expect(fast!.speed.lo).toBeGreaterThan(0.2);
    expect(fast!.speed.hi).toBeGreaterThan(fast!.speed.lo);
    expect(slow!.speed.hi).toBeLessThan(-0.2);
    // The components add up to the lcrt mean.
    for (const r of rows) expect(r.skill.value + r.reacting.value + r.speed.value).toBeCloseTo(r.lcrt, 3);
    // Seeded: the same samples give the same intervals.
    expect(armsDecomposition(samples())).toEqual(rows);
  });

  it('uses only the seats every arm played, and nothing without a matched arm', () => {
    const some = samples().filter((s) => !(s.arm === 'lcrt' && s.episode >= 10));
    expect(armsDecomposition(some)[0]).toMatchObject({ episodes: 10, seats: 10 });
    expect(armsDecomposition(samples().filter((s) => s.arm !== 'matched'))).toEqual([]);
  });
});
