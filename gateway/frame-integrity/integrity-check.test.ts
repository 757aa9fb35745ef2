import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { blockHash, type Frame } from '../../protocol/index.js';
import { FrameIntegrityCheck } from './integrity-check.js';

const frame = (seq: number, level: number): Frame => ({ type: 'frame', slot: 0, seq, simMs: seq * 100, width: 64, height: 36, encoding: 'rgb', data: new Uint8Array(64 * 36 * 3).fill(level) });

describe('the per-match frame check', () => {
  it('hashes a frame once when it is judged and then checked (the retry and fail policies), and each new frame anew, with the same verdicts', async () => {
    let hashed = 0;
    const counting = new FrameIntegrityCheck(undefined, (f) => {
      hashed++;
      return blockHash(f);
    });
    const plain = new FrameIntegrityCheck();
    // A fresh frame, then the same picture again after input (a duplicate), each judged before it is checked.
    const frames = [frame(0, 10), frame(1, 90), frame(2, 90)];
    const verdicts: string[] = [];
    for (const f of frames) {
      counting.noteInputs(1);
      plain.noteInputs(1);
      const judged = await counting.judge(0, f, f.simMs);
      const checked = await counting.check(0, f, f.simMs);
      expect(checked).toEqual(judged);
      expect(checked).toEqual(await plain.check(0, f, f.simMs));
      verdicts.push(checked.verdict);
    }
    expect(verdicts).toEqual(['fresh', 'fresh', 'duplicate']);
    expect(hashed).toBe(frames.length);
  });

  it('hashes a frame when its verdict is asked for, after what the observation goes on with, and judges it by the moment it was observed', async () => {
    const order: string[] = [];
    const check = new FrameIntegrityCheck(undefined, (f) => {
      order.push(`hash ${f.seq}`);
      return blockHash(f);
    });
    await check.check(0, frame(0, 40), 0);
    // The same picture with no input since: still. Inputs noted once it was observed (its agent decided at
    // once) do not make it a duplicate, and the microtasks after the check (the observation going out) run first.
    const verdict = check.check(0, frame(1, 40), 100);
    check.noteInputs(5);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    order.push('observation sent');
    expect((await verdict).verdict).toBe('still');
    expect(order).toEqual(['hash 0', 'observation sent', 'hash 1']);
  });

  it('keeps no frame of the match but the newest once its verdicts are out', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const check = new FrameIntegrityCheck();
    const early: WeakRef<Uint8Array>[] = [];
    for (let i = 0; i < 12; i++) {
      const f = frame(i, i * 20);
      if (i < 10) early.push(new WeakRef(f.data));
      check.noteInputs(1);
      await check.check(0, f, f.simMs);
    }
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(early.filter((r) => r.deref() !== undefined).length).toBe(0);
  });

  it('counts every verdict once settled, those nobody asked for included, each frame hashed once', async () => {
    let hashed = 0;
    const check = new FrameIntegrityCheck(undefined, (f) => {
      hashed++;
      return blockHash(f);
    });
    // Four frames of which only the last verdict is asked for: it needs the one before, which needs its own.
    const verdicts = [frame(0, 10), frame(1, 10), frame(2, 60), frame(3, 60)].map((f) => {
      check.noteInputs(1);
      return check.check(0, f, f.simMs);
    });
    expect(hashed).toBe(0);
    expect((await verdicts[3]!).verdict).toBe('duplicate');
    expect(check.summary().totals).toMatchObject({ observations: 1, verdicts: { duplicate: 1 } });
    await check.settle();
    expect(hashed).toBe(4);
    expect(check.summary().totals).toMatchObject({ observations: 4, verdicts: { fresh: 2, duplicate: 2 } });
    expect(await Promise.all(verdicts.map(async (v) => (await v).verdict))).toEqual(['fresh', 'duplicate', 'fresh', 'duplicate']);
    expect(check.summary().totals).toMatchObject({ observations: 4, verdicts: { fresh: 2, duplicate: 2 } });
  });
});
