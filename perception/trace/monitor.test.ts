import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../protocol/index.js';
import { monitorInstruction, monitorWindows, parseMonitor } from './monitor.js';
import { vocabularyFor, vocabularyOf, type StreamRecord } from './stream-record.js';

const ev = (simMs: number, name: string, slot?: number): GameEvent => ({ type: 'event', simMs, name, ...(slot === undefined ? {} : { slot }) });
const lead = (simMs: number, value: string) => ({ simMs, tracked: { hp_a: 0, hp_b: 0, lead: value } });
const report = (simMs: number, a: number, b: number) => ({ simMs, players: [{ slot: 0, progress: 0.5, score: a }, { slot: 1, progress: 0.5, score: b }] });

describe('monitors', () => {
  const duel: StreamRecord = {
    slots: [0, 1],
    vocabulary: vocabularyFor('sky_duel', [0, 1]),
    events: [ev(3_000, 'hit', 1), ev(3_000, 'hit', 0), ev(6_000, 'hit', 0), ev(7_000, 'jump', 1)],
    progress: [report(0, 0, 0), report(5_000, 0, 0), report(10_000, 10, 0)],
    tracked: [lead(0, 'even'), lead(3_000, 'even'), lead(6_000, 'A'), lead(8_000, 'A'), lead(12_000, 'even'), lead(14_000, 'B')],
  };

  it('lead: state windows from the tracked lead, exact to the tick, the leader as the expected reply', () => {
    expect(monitorWindows({ kind: 'lead' }, duel, 5_000, 20_000).map((w) => [w.kind, w.startMs, w.endMs, w.expected])).toEqual([
      ['state', 6_000, 12_000, 'A'],
      ['state', 14_000, 20_000, 'B'],
    ]);
    // Without tracked state the progress reports decide, at their own times.
    const plain = { ...duel, tracked: [], vocabulary: vocabularyOf(undefined, [0, 1]) };
    expect(monitorWindows({ kind: 'lead' }, plain, 5_000, 20_000).map((w) => [w.startMs, w.endMs, w.expected])).toEqual([[10_000, 20_000, 'player 0']]);
  });

  it('event and completion: one window per distinct event time, cut at the next', () => {
    const windows = monitorWindows(parseMonitor('event:hit', 0), duel, 5_000, 20_000);
    expect(windows.map((w) => [w.kind, w.startMs, w.endMs, w.expected])).toEqual([
      ['onset', 3_000, 6_000, 'HIT'],
      ['onset', 6_000, 11_000, 'HIT'],
    ]);
    expect(monitorWindows(parseMonitor('completion:jump', 0), duel, 5_000, 20_000).map((w) => [w.kind, w.startMs, w.endMs])).toEqual([['completion', 7_000, 12_000]]);
  });

  it('score: a window at each rise of the viewed player score', () => {
    expect(monitorWindows(parseMonitor('score', 0), duel, 5_000, 20_000).map((w) => [w.startMs, w.expected])).toEqual([[10_000, 'SCORE']]);
  });

  it('words the instruction with the game vocabulary and the silence token', () => {
    expect(monitorInstruction(parseMonitor('event:hit', 0), [0, 1], duel.vocabulary)).toBe(
      'Watch the stream. As soon as you see "hit" (a fighter lands a strike on the other (who = the striker); the target loses 10 HP) happen, reply with exactly HIT. At every other moment reply with exactly NONE.',
    );
    expect(monitorInstruction({ kind: 'lead' }, [0, 1], duel.vocabulary)).toContain("that player's name (A or B)");
    expect(() => parseMonitor('goal', 0)).toThrow(/--monitor takes/);
  });
});
