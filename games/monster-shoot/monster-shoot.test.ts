import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getGame } from '../../games-manifest/index.js';
import type { ActionChunk } from '../../protocol/index.js';
import { compileChunk } from '../../gateway/chunk-compiler.js';
import { advance } from '../../tests/support/pdq-driver.js';
import type { Simulation } from '../host/simulation.js';
import { MonsterShootState, monsterShootGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin'): Simulation => monsterShootGame.create({ seed, variant, slots: [0] });
const controls = getGame('monster_shoot').controls;

const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: -15, dy: -5 }, steps: [['W', 'LMB'], ['LMB'], ['D', 'LMB'], [], []] },
  { look: { dx: 40, dy: 2 }, steps: [['S'], ['A', 'Space'], ['LMB'], [], ['LMB']] },
  { look: { dx: 0, dy: 0 }, steps: [[], [], [], [], []] },
  { look: { dx: -90, dy: 0 }, steps: [['D', 'LMB'], ['D'], [], [], []] },
];

/** sha256 of a 320x180 frame after each chunk of SCHEDULE plus 2 s idle; the last after 12 s more. */
function frameHashes(sim: Simulation): string[] {
  const out = new Uint8Array(320 * 180 * 3);
  const hashes: string[] = [];
  for (const chunk of [...SCHEDULE, { look: { dx: 0, dy: 0 }, steps: [] }]) {
    const idle = chunk.steps.length === 0 ? 12_000 : 2000;
    advance(sim, chunk.steps.length * 120 + idle, [...compileChunk(chunk, controls, 0).inputs]);
    sim.render(0, 320, 180, out);
    hashes.push(createHash('sha256').update(out).digest('hex'));
  }
  return hashes;
}

function runIdle(sim: Simulation): void {
  for (let i = 0; i < 1_000_000 && sim.ended() === undefined; i++) sim.tick();
}

const stateOf = (sim: Simulation): MonsterShootState => MonsterShootState.parse(sim.state());

/** Turns the view onto monster `id` (at half its height) and returns the state after the turn. */
function aimAt(sim: Simulation, id: number): MonsterShootState {
  const s = stateOf(sim);
  const m = s.monsters.find((x) => x.id === id)!;
  const yaw = (Math.atan2(m.x - s.player.x, m.z - s.player.z) * 180) / Math.PI;
  const pitch = (Math.atan2(1 - Rules.eyeHeight, Math.hypot(m.x - s.player.x, m.z - s.player.z)) * 180) / Math.PI;
  sim.input({ type: 'look', at: 0, slot: 0, dx: yaw - s.camera.yaw, dy: pitch - s.camera.pitch });
  return stateOf(sim);
}

const click = (sim: Simulation): void => {
  sim.input({ type: 'button', at: 0, slot: 0, button: 'left', down: true });
  sim.input({ type: 'button', at: 0, slot: 0, button: 'left', down: false });
};

describe('monster_shoot simulation', () => {
  it('gives byte-identical frames for the same seed, variant and inputs', () => {
    expect(frameHashes(create(7))).toEqual(frameHashes(create(7)));
  });

  it('gives different frames for a different seed', () => {
    expect(frameHashes(create(7))).not.toEqual(frameHashes(create(8)));
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its end with an idle player and progress in [0, 1]', (variant) => {
    const sim = create(1, variant);
    runIdle(sim);
    expect(['killed', 'cleared', 'time_limit']).toContain(sim.ended()?.reason);
    const [player] = sim.progress();
    expect(player?.progress).toBeGreaterThanOrEqual(0);
    expect(player?.progress).toBeLessThanOrEqual(1);
  });

  it('lets the monsters kill an idle player on origin, scoring nothing', () => {
    const sim = create(1);
    runIdle(sim);
    expect(sim.ended()).toEqual({ reason: 'killed', outcomes: [{ slot: 0, result: 'loss' }] });
    expect(sim.progress()[0]?.progress).toBe(0);
  });

  it('removes shotDamage health from the monster under the crosshair and counts it as progress', () => {
    const sim = create(1);
    aimAt(sim, 0);
    click(sim);
    sim.tick();
    const s = stateOf(sim);
    expect(s.monsters.find((m) => m.id === 0)?.health).toBe(60 - Rules.shotDamage);
    expect(sim.progress()[0]?.progress).toBeCloseTo(Rules.shotDamage / s.totalHealth, 9);
    expect(sim.drainEvents().map((e) => e.name)).toContain('monster_hit');
  });

  it('misses when the crosshair is off every monster', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 180, dy: 0 });
    click(sim);
    sim.tick();
    expect(stateOf(sim).damageDealt).toBe(0);
    expect(sim.drainEvents().find((e) => e.name === 'shot')?.data).toEqual({ hit: false });
  });

  it('fires one shot per press, however long the button is held', () => {
    const sim = create(1);
    aimAt(sim, 0);
    sim.input({ type: 'button', at: 0, slot: 0, button: 'left', down: true });
    for (let i = 0; i < 50; i++) sim.tick();
    expect(stateOf(sim).damageDealt).toBe(Rules.shotDamage);
  });

  it('destroys a monster whose health reaches zero', () => {
    const sim = create(1);
    for (let i = 0; i < 6; i++) {
      aimAt(sim, 0);
      click(sim);
      for (let t = 0; t < Rules.shotCooldownMs / Rules.tickMs; t++) sim.tick();
    }
    expect(stateOf(sim).monsters.some((m) => m.id === 0)).toBe(false);
    expect(sim.drainEvents().map((e) => e.name)).toContain('monster_killed');
  });

  it('costs detonateDamage HP and no score when a monster touches the player', () => {
    const sim = create(1);
    let events: string[] = [];
    for (let i = 0; i < 100_000 && !events.includes('monster_detonated'); i++) {
      sim.tick();
      events = sim.drainEvents().map((e) => e.name);
    }
    expect(stateOf(sim).player.hp).toBe(Rules.playerHp - Rules.detonateDamage);
    expect(stateOf(sim).damageDealt).toBe(0);
  });

  it('turns the view with look events and clamps its pitch', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 200, dy: -200 });
    expect(stateOf(sim).camera).toMatchObject({ yaw: -160, pitch: Rules.pitchMin });
  });

  it('keeps the player inside the walls', () => {
    const sim = create(1);
    sim.input({ type: 'key', at: 0, slot: 0, key: 'W', down: true });
    for (let i = 0; i < 800; i++) sim.tick();
    expect(stateOf(sim).player.z).toBeCloseTo(16 - Rules.playerRadius, 6);
  });

  it('emits state its schema accepts', () => {
    const sim = create(1, 'corridor');
    for (let i = 0; i < 800; i++) sim.tick();
    expect(MonsterShootState.safeParse(sim.state()).success).toBe(true);
  });

  it("offers exactly the manifest's variants and slots", () => {
    const entry = getGame('monster_shoot');
    expect([...monsterShootGame.variants]).toEqual(entry.variants.map((v) => v.id));
    expect(monsterShootGame.slots).toEqual(entry.slots);
    for (const v of VARIANTS) expect(entry.variants.find((e) => e.id === v.id)?.timeLimitMs ?? entry.timeLimitMs).toBe(v.timeLimitMs);
  });

  it('refuses an unknown variant', () => {
    expect(() => create(1, 'nope')).toThrow(RangeError);
  });
});
