import { describe, expect, it } from 'vitest';
import type { ActionChunk } from '../../protocol/index.js';
import { compileChunk } from '../../tests/support/pdq-driver.js';
import { describeGameBasics, expectProgressInRange, frameHashes, runToEnd } from '../../tests/support/game-suite.js';
import type { MoveControls } from '../common/held-keys.js';
import type { Simulation } from '../runtime/simulation.js';
import { LastStandState, lastStandGame } from './index.js';
import { Platform } from './platform.js';
import { stepBody } from './player.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin'): Simulation => lastStandGame.create({ seed, variant, slots: [0] });

const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: 30, dy: -10 }, steps: [['W'], ['W'], ['W', 'D'], []] },
  { look: { dx: -60, dy: 5 }, steps: [['S'], ['A', 'Space'], [], []] },
  { look: { dx: 0, dy: 0 }, steps: [[], [], [], []] },
  { look: { dx: 45, dy: 0 }, steps: [['D'], ['D'], [], []] },
];

const NONE: MoveControls = { forward: false, back: false, left: false, right: false, jump: false };

describe('last_stand simulation', () => {
  describeGameBasics({
    game: lastStandGame,
    create,
    // A 320x180 frame after each chunk of SCHEDULE plus 2 s idle.
    hashes: (sim) => frameHashes(sim, SCHEDULE.map((chunk) => ({ ms: 4 * 120 + 2000, inputs: compileChunk(chunk, 120) }))),
    look: { camera: (sim) => LastStandState.parse(sim.state()).camera, pitchMin: Rules.pitchMin },
    schema: {
      state: LastStandState,
      variant: 'ring',
      play: (sim) => {
        for (let i = 0; i < 500; i++) sim.tick();
      },
    },
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its end with progress in [0, 1]', (variant) => {
    const sim = create(1, variant);
    runToEnd(sim);
    expect(['fell', 'time_limit']).toContain(sim.ended()?.reason);
    expectProgressInRange(sim);
  });

  it('drops the floor under a player who never moves well before the limit on origin', () => {
    for (const seed of [1, 2, 3]) {
      const sim = create(seed);
      runToEnd(sim);
      expect(sim.ended()?.reason).toBe('fell');
      expect(sim.progress()[0]?.progress).toBeLessThan(0.5);
    }
  });

  it("scores survival against the run's own limit, as its manifest says: 1 and a win on surviving to the end", () => {
    // A player who stands still survives the first seconds of origin: a 3 s run is survived to its end.
    const short = lastStandGame.create({ seed: 1, variant: 'origin', slots: [0], timeLimitMs: 3000 });
    runToEnd(short);
    expect(short.ended()).toEqual({ reason: 'time_limit', outcomes: [{ slot: 0, result: 'win' }] });
    expect(short.progress()[0]?.progress).toBe(1);
    // Over the variant's own 120 s the same player falls: progress is the time survived over the limit.
    const full = create(1);
    let ms = 0;
    while (full.ended() === undefined) {
      full.tick();
      ms += full.tickMs;
    }
    expect(full.ended()?.reason).toBe('fell');
    expect(full.progress()[0]?.progress).toBeCloseTo(ms / 120_000, 6);
  });

  it('ends with fell when the player walks off the edge', () => {
    const sim = create(1);
    sim.input({ type: 'key', at: 0, slot: 0, key: 'W', down: true });
    runToEnd(sim);
    expect(sim.ended()).toEqual({ reason: 'fell', outcomes: [{ slot: 0, result: 'loss' }] });
    expect(sim.drainEvents().map((e) => e.name)).toContain('fell');
  });

  it('warns a tile for warnMs before it falls, naming its col and row', () => {
    const sim = create(1);
    const seen: { name: string; at: number; key: string }[] = [];
    for (let t = Rules.tickMs; seen.every((e) => e.name !== 'tile_fell'); t += Rules.tickMs) {
      sim.tick();
      for (const e of sim.drainEvents()) seen.push({ name: e.name, at: t, key: `${e.data?.col},${e.data?.row}` });
    }
    const fell = seen.find((e) => e.name === 'tile_fell');
    const warn = seen.find((e) => e.name === 'tile_warn' && e.key === fell?.key);
    expect(fell && warn && fell.at - warn.at).toBe(Rules.warnMs);
  });

  it('walks W along the camera heading', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 90, dy: 0 });
    sim.input({ type: 'key', at: 0, slot: 0, key: 'W', down: true });
    for (let i = 0; i < 10; i++) sim.tick();
    const { player } = LastStandState.parse(sim.state());
    expect(player.x).toBeCloseTo(0.6, 6);
    expect(player.z).toBeCloseTo(0, 6);
  });
});

describe('last_stand player', () => {
  const variant = VARIANTS[0]!;

  function gapAhead(): { platform: Platform; body: Parameters<typeof stepBody>[0] } {
    const platform = new Platform(variant);
    platform.tileAt(4, 5)!.status = 'fallen';
    return { platform, body: { x: platform.centerX(4), y: 0, z: platform.centerZ(4), vx: 0, vy: 0, vz: 0, onGround: true, facingDeg: 0 } };
  }

  it('clears a one-tile gap with a jump', () => {
    const { platform, body } = gapAhead();
    stepBody(body, { ...NONE, forward: true, jump: true }, 0, Rules.tickMs, platform);
    for (let i = 0; i < 100 && !body.onGround; i++) stepBody(body, NONE, 0, Rules.tickMs, platform);
    expect(body.onGround).toBe(true);
    expect(platform.tileUnder(body.x, body.z)).toMatchObject({ col: 4, row: 6 });
  });

  it('falls into a gap it walks onto', () => {
    const { platform, body } = gapAhead();
    for (let i = 0; i < 100 && body.onGround; i++) stepBody(body, { ...NONE, forward: true }, 0, Rules.tickMs, platform);
    expect(platform.tileUnder(body.x, body.z)).toMatchObject({ col: 4, row: 5 });
    let fell = false;
    for (let i = 0; i < 100 && !fell; i++) fell = stepBody(body, NONE, 0, Rules.tickMs, platform).fell;
    expect(fell).toBe(true);
  });
});
