import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchGame, type GameEndpoint } from '../env-bridge/index.js';
import { getGame } from '../games-manifest/index.js';
import type { GameEvent, InputEvent } from '../protocol/index.js';
import { missingOpenArenaDeps, titled } from './support/desktop.js';

const missing = missingOpenArenaDeps();

/** Game-log lines with the game's own clock (`m:ss`), paired with our game time when they were read. */
function logClock(events: readonly GameEvent[]): { simS: number; logS: number }[] {
  return events.flatMap((e) => {
    const m = /^\s*(\d+):(\d\d) /.exec(String(e.data?.line ?? ''));
    return m ? [{ simS: e.simMs / 1000, logS: Number(m[1]) * 60 + Number(m[2]) }] : [];
  });
}

const forward = (ms: number): InputEvent[] => [
  { type: 'key', at: 0, slot: 0, key: 'W', down: true },
  { type: 'key', at: ms, slot: 0, key: 'W', down: false },
];

describe.skipIf(missing.length > 0)(titled('openarena with bots under Xvfb through the desktop bridge', missing), () => {
  let ep: GameEndpoint;
  beforeAll(async () => {
    ep = await launchGame(getGame('openarena'), { privileged: false });
    await ep.client.reset(1, 'oa_dm1', [0], { width: 320, height: 240, encoding: 'rgb' });
  }, 60_000);
  afterAll(async () => {
    await ep?.close();
  });

  it('keeps the game\'s own log clock in step with reported game time across a 5 s pause', async () => {
    const events: GameEvent[] = [];
    let simS = 0;
    const play = async () => {
      const reply = await ep.client.advance(1000, forward(1000), []);
      events.push(...reply.events);
      simS = reply.done.simMs / 1000;
    };
    // The game logs only when something happens, and on a busy machine the bots may take a while to, so
    // each side of the pause plays on (up to 12 s more) until it has a stamped line of its own.
    for (let i = 0; i < 4; i++) await play();
    for (let i = 0; i < 12 && logClock(events).length === 0; i++) await play();
    const pausedAtS = simS;
    const before = logClock(events).length;
    // The pause under test: wall time passes while the game is stopped.
    await new Promise((r) => setTimeout(r, 5000));
    for (let i = 0; i < 4; i++) await play();
    for (let i = 0; i < 12 && !logClock(events).some((c) => c.simS > pausedAtS); i++) await play();
    const clock = logClock(events);
    expect(before).toBeGreaterThan(0);
    expect(clock.some((c) => c.simS > pausedAtS)).toBe(true);
    const offsets = clock.map((c) => c.logS - c.simS);
    // Whole-second log stamps and the settle time before game time 0 spread the offsets over ~2 s; a leaked pause would add 5.
    expect(Math.max(...offsets) - Math.min(...offsets)).toBeLessThan(2.5);
  }, 90_000);

  it('reports progress from the game log for the slot', async () => {
    const reply = await ep.client.advance(500, [], []);
    expect(reply.progress?.players).toEqual([{ slot: 0, progress: expect.any(Number) as number, score: expect.any(Number) as number }]);
  }, 30_000);
});
