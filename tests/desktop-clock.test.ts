import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchGame, type GameEndpoint, type StepReply } from '../env-bridge/index.js';
import { hasCode, type InputEvent } from '../protocol/index.js';
import { clockGameEntry, descendants, isNodeProcess, missingDriverDeps, processName, titled } from './support/desktop.js';

const missing = missingDriverDeps();
let endpoint: GameEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

async function start(options: Parameters<typeof clockGameEntry>[0] = {}): Promise<GameEndpoint> {
  endpoint = await launchGame(clockGameEntry(options), { privileged: false });
  await endpoint.client.reset(1, 'origin', [0], { width: 64, height: 48, encoding: 'rgb' });
  return endpoint;
}

/** The game's own clock readings (ms since it started, through libfaketime) that a reply carried. */
function gameClock(reply: StepReply): number[] {
  return reply.events.filter((e) => e.name === 'clock').map((e) => Number(/clock (\d+)/.exec(String(e.data?.line))?.[1]));
}

function gamePid(ep: GameEndpoint): number {
  const pid = descendants(ep.process!.child.pid!).find(isNodeProcess);
  if (pid === undefined) throw new Error('no game process found');
  return pid;
}

describe.skipIf(missing.length > 0)(titled('the desktop driver on a window-less clock game (Xvfb + libfaketime)', missing), () => {
  it('hides a 5 s pause from the game\'s own clock', async () => {
    const ep = await start();
    const before = gameClock(await ep.client.advance(500, [], []));
    // The pause under test: wall time passes while the game is stopped.
    await new Promise((r) => setTimeout(r, 5000));
    const after = gameClock(await ep.client.advance(500, [], []));
    const last = before.at(-1)!;
    expect(before.length).toBeGreaterThanOrEqual(5);
    // The game's clock picks up where it stopped: its next readings lie within the 500 ms that ran, not 5 s
    // later (margins for a starved game process on a loaded machine, far below the 5000 ms a leak would add).
    expect(after[0]! - last).toBeLessThanOrEqual(250);
    expect(after.at(-1)! - last).toBeGreaterThan(300);
    expect(after.at(-1)! - last).toBeLessThan(800);
  }, 30_000);

  it('reports requested and actual game time for every advance, and the game\'s clock agrees', async () => {
    const ep = await start();
    // The game clock's last reading in each advance, and the game time reported for each advance.
    const last: number[] = [];
    const actual: number[] = [];
    for (let i = 0; i < 20; i++) {
      const reply = await ep.client.advance(100, [], []);
      expect(reply.done.requestedMs).toBe(100);
      // Honest, not exact: never less than asked; late only by scheduling delays on a loaded machine.
      expect(reply.done.actualMs).toBeGreaterThanOrEqual(100);
      expect(reply.done.actualMs).toBeLessThan(250);
      actual.push(reply.done.actualMs);
      const readings = gameClock(reply);
      if (readings.length > 0) last.push(readings.at(-1)!);
      else last.push(Number.NaN);
    }
    // From the end of the first advance to the end of the last, the game's own clock moved by the game time
    // reported for advances 2..20. (Lines the game printed while it loaded may still be in the pipe during
    // the first advance, so that advance is only the starting point.)
    const first = last.findIndex((t) => !Number.isNaN(t));
    const reported = actual.slice(first + 1).reduce((a, b) => a + b, 0);
    expect(Math.abs(last.at(-1)! - last[first]! - reported)).toBeLessThan(250);
  }, 30_000);

  it('extends a press shorter than the minimum hold and records it as executed', async () => {
    const ep = await start({ minHoldMs: 50 });
    const inputs: InputEvent[] = [
      { type: 'key', at: 0, slot: 0, key: 'W', down: true },
      { type: 'key', at: 10, slot: 0, key: 'W', down: false },
    ];
    const reply = await ep.client.advance(200, inputs, []);
    const up = reply.events.find((e) => e.name === 'input' && e.data?.down === false)!;
    expect(up.data).toMatchObject({ kind: 'key', key: 'W', requestedAt: 10, extendedMs: 40 });
    expect(up.data?.at as number).toBeGreaterThanOrEqual(50);
  }, 30_000);

  it('runs longer than asked when a late press must still be held its minimum, and says so', async () => {
    const ep = await start({ minHoldMs: 80 });
    const reply = await ep.client.advance(100, [
      { type: 'key', at: 90, slot: 0, key: 'W', down: true },
      { type: 'key', at: 100, slot: 0, key: 'W', down: false },
    ], []);
    expect(reply.done.requestedMs).toBe(100);
    expect(reply.done.actualMs).toBeGreaterThanOrEqual(170);
  }, 30_000);

  it('scores and ends the episode from the game\'s log through the probe', async () => {
    const ep = await start({ endMs: 300 });
    const reply = await ep.client.advance(1000, [], []);
    expect(reply.done.ended).toBe(true);
    expect(reply.end).toMatchObject({ reason: 'game_over', outcomes: [{ slot: 0, result: 'win' }] });
    expect(reply.progress?.players[0]!.score).toBeGreaterThan(3);
  }, 30_000);

  it('runs freely in realtime, streaming progress, and freezes again on pause', async () => {
    const ep = await start();
    const clockLines: number[] = [];
    let progressMessages = 0;
    ep.client.stream$.subscribe((msg) => {
      if (msg.type === 'progress') progressMessages++;
      if (msg.type === 'event' && msg.name === 'clock') clockLines.push(Number(/clock (\d+)/.exec(String(msg.data?.line))?.[1]));
    });
    await ep.client.resume(1, 10, []);
    await vi.waitFor(() => expect(clockLines.length).toBeGreaterThanOrEqual(6), { timeout: 5000 });
    const paused = await ep.client.pause();
    expect(paused.done.actualMs).toBeGreaterThan(250);
    expect(progressMessages).toBeGreaterThan(0);
    const last = clockLines.at(-1)!;
    const next = gameClock(await ep.client.advance(200, [], []));
    // The game's clock went on from where the pause stopped it.
    expect(next[0]! - last).toBeLessThanOrEqual(300);
  }, 30_000);

  it('fails with GAME_CRASHED when the game is killed, and leaves no process behind', async () => {
    const ep = await start();
    const tree = descendants(ep.process!.child.pid!);
    process.kill(gamePid(ep), 'SIGKILL');
    const err = await ep.client.advance(100, [], []).catch((e: unknown) => e);
    expect(hasCode(err, 'GAME_CRASHED')).toBe(true);
    await ep.process!.exited;
    await vi.waitFor(() => expect(tree.filter((p) => processName(p) !== undefined)).toEqual([]), { timeout: 5000 });
  }, 30_000);

  it('fails with GAME_CRASHED when the display is killed, and leaves no process behind', async () => {
    const ep = await start();
    const tree = descendants(ep.process!.child.pid!);
    const xvfb = tree.find((p) => processName(p) === 'Xvfb')!;
    process.kill(xvfb, 'SIGKILL');
    await ep.process!.exited;
    const err = await ep.client.advance(100, [], []).catch((e: unknown) => e);
    expect(hasCode(err, 'GAME_CRASHED')).toBe(true);
    await vi.waitFor(() => expect(tree.filter((p) => processName(p) !== undefined)).toEqual([]), { timeout: 5000 });
  }, 30_000);

  it('leaves no Xvfb or game process behind after close, even with the game paused', async () => {
    const ep = await start();
    await ep.client.advance(50, [], []);
    const tree = descendants(ep.process!.child.pid!);
    expect(tree.map(processName)).toContain('Xvfb');
    expect(tree.some(isNodeProcess)).toBe(true);
    await ep.close();
    await vi.waitFor(() => expect(tree.filter((p) => processName(p) !== undefined)).toEqual([]), { timeout: 5000 });
  }, 30_000);
});
