import { describe, expect, it } from 'vitest';
import { normaliseAnswer, scoreProactive, type TargetWindow } from './proactive-score.js';
import { triggerWindows } from './monitor.js';

// Three onset triggers at 10 s, 30 s and 50 s with a 5 s tolerance: windows [10,15), [30,35), [50,55).
const windows: TargetWindow[] = triggerWindows([10_000, 30_000, 50_000], 5_000, 'onset', 'HIT');

describe('proactive scoring on a scripted responder', () => {
  it('derives windows cut at the tolerance or the next trigger, end excluded', () => {
    expect(windows.map((w) => [w.startMs, w.endMs])).toEqual([
      [10_000, 15_000],
      [30_000, 35_000],
      [50_000, 55_000],
    ]);
    expect(triggerWindows([0, 2_000, 2_000, 9_000], 5_000, 'onset', 'X').map((w) => [w.startMs, w.endMs])).toEqual([
      [0, 2_000],
      [2_000, 7_000],
      [9_000, 14_000],
    ]);
  });

  it('on time: every window answered, no false alarm, delays measured from the trigger', () => {
    const s = scoreProactive(windows, [
      { onsetMs: 11_000, content: 'HIT' },
      { onsetMs: 32_000, content: 'hit.' },
      { onsetMs: 54_999, content: 'HIT' },
    ]);
    expect(s).toMatchObject({ inWindowAccuracy: 1, medianDelayMs: 2_000, falseAlarmRate: 0, missRate: 0, falseAlarms: 0, missed: 0 });
  });

  it('early: a response before a window, with one remaining, is a false alarm and the window is missed', () => {
    const s = scoreProactive(windows, [
      { onsetMs: 8_000, content: 'HIT' },
      { onsetMs: 31_000, content: 'HIT' },
      { onsetMs: 51_000, content: 'HIT' },
    ]);
    expect(s.roles.map((r) => r.role)).toEqual(['false_alarm', 'assigned', 'assigned']);
    expect(s).toMatchObject({ inWindowAccuracy: 2 / 3, falseAlarmRate: 1 / 3, missRate: 1 / 3, medianDelayMs: 1_000 });
  });

  it('late: outside the window is a miss, and a false alarm while a later window remains; after the last it is neither', () => {
    const s = scoreProactive(windows, [
      { onsetMs: 15_000, content: 'HIT' }, // the end is excluded: late for the first window, a later one remains
      { onsetMs: 33_000, content: 'HIT' },
      { onsetMs: 56_000, content: 'HIT' }, // late for the last window: no window remains
    ]);
    expect(s.roles.map((r) => r.role)).toEqual(['false_alarm', 'assigned', 'after_last']);
    expect(s).toMatchObject({ inWindowAccuracy: 1 / 3, falseAlarmRate: 1 / 3, missRate: 2 / 3, medianDelayMs: 3_000, falseAlarms: 1, missed: 2 });
  });

  it('silent: every window missed, no response to rate', () => {
    const s = scoreProactive(windows, []);
    expect(s).toMatchObject({ inWindowAccuracy: 0, medianDelayMs: null, falseAlarmRate: null, missRate: 1, missed: 3 });
  });

  it('credits content only when it matches, scores the first response of a window, and counts the rest as redundant', () => {
    const s = scoreProactive(windows, [
      { onsetMs: 10_000, content: 'MISS' },
      { onsetMs: 12_000, content: 'HIT' },
      { onsetMs: 30_500, content: 'HIT' },
    ]);
    expect(s.roles.map((r) => r.role)).toEqual(['assigned', 'redundant', 'assigned']);
    expect(s).toMatchObject({ inWindowAccuracy: 1 / 3, missRate: 1 / 3, falseAlarmRate: 0, medianDelayMs: 250 });
  });

  it('state windows take their intervals as given', () => {
    const state: TargetWindow[] = [
      { id: 0, kind: 'state', startMs: 0, endMs: 20_000, expected: 'player 0' },
      { id: 1, kind: 'state', startMs: 40_000, endMs: 60_000, expected: 'player 1' },
    ];
    const s = scoreProactive(state, [
      { onsetMs: 19_000, content: 'Player 0!' },
      { onsetMs: 25_000, content: 'player 1' },
      { onsetMs: 45_000, content: 'player 0' },
    ]);
    expect(s).toMatchObject({ inWindowAccuracy: 0.5, falseAlarmRate: 1 / 3, missRate: 0, medianDelayMs: 12_000 });
  });

  it('normalises case, punctuation and spacing', () => {
    expect(normaliseAnswer('  Player   0!! ')).toBe('player 0');
  });
});
