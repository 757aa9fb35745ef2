import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../protocol/index.js';
import { parseAnswer } from './answer-parse.js';
import { questionAt, questionTimes, type QaQuestion } from './qa-questions.js';
import { vocabularyFor, vocabularyOf, type StreamRecord } from './stream-record.js';

const ev = (simMs: number, name: string, slot?: number): GameEvent => ({ type: 'event', simMs, name, ...(slot === undefined ? {} : { slot }) });
const report = (simMs: number, a: number, b: number) => ({ simMs, players: [{ slot: 0, progress: 0.5, score: a }, { slot: 1, progress: 0.5, score: b }] });

// A duel: hits at 3 s and 7 s by player 0, one by player 1 at 12 s; progress every 2.5 s.
const record: StreamRecord = {
  slots: [0, 1],
  vocabulary: vocabularyOf(undefined, [0, 1]),
  tracked: [],
  events: [ev(2_900, 'swing', 0), ev(3_000, 'hit', 0), ev(6_900, 'swing', 0), ev(7_000, 'hit', 0), ev(11_900, 'swing', 1), ev(12_000, 'hit', 1), ev(14_000, 'jump', 1)],
  progress: [report(0, 0, 0), report(2_500, 0, 0), report(5_000, 10, 0), report(7_500, 20, 0), report(10_000, 20, 0), report(12_500, 10, 0), report(15_000, 10, 0)],
};

const all = (r: StreamRecord, seed: number): QaQuestion[] => questionTimes(4_000, 16_000).flatMap((q, i) => questionAt(i, q, r, seed) ?? []);

describe('QA questions from the game', () => {
  it('are the same for the same record and seed, and ask at most every time once', () => {
    const a = all(record, 7);
    expect(a).toEqual(all(record, 7));
    expect(a.map((q) => q.askMs)).toEqual([4_000, 8_000, 12_000, 16_000]);
    expect(questionTimes(5_000, 12_000)).toEqual([5_000, 10_000]);
  });

  it('have an evidence time at or before q, and answers that follow from the record up to q', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const q of all(record, seed)) {
        expect(q.evidenceMs).toBeLessThanOrEqual(q.askMs);
        if (q.options) expect(Number(q.answer)).toBeLessThanOrEqual(q.options.length);
      }
    }
    const [first, second, third] = all(record, 7);
    // Kinds take turns: a count, the leader, the last event.
    expect(first).toMatchObject({ kind: 'count', askMs: 4_000 });
    const leader = second!;
    expect(leader.kind).toBe('leader');
    expect(leader.options![Number(leader.answer) - 1]).toBe('player 0');
    // Player 0 has led since the report at 5 s.
    expect(leader.evidenceMs).toBe(5_000);
    const last = third!;
    expect(last.kind).toBe('last_event');
    expect(last.options![Number(last.answer) - 1]).toBe('hit');
    expect(last.evidenceMs).toBe(12_000);
  });

  it('read nothing after q: a later record gives the same question', () => {
    const later: StreamRecord = { ...record, events: [...record.events, ev(8_500, 'hit', 1), ev(9_000, 'fell', 0)], progress: [...record.progress, report(16_500, 0, 50)] };
    expect(questionAt(0, 4_000, later, 3)).toEqual(questionAt(0, 4_000, record, 3));
    expect(questionAt(1, 8_000, later, 3)).toEqual(questionAt(1, 8_000, record, 3));
  });

  it('count the events of one player up to q, with the last counted event as evidence', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const q = questionAt(0, 8_000, record, seed)!;
      expect(q.kind).toBe('count');
      const [, name, who] = /"([a-z ]+)" events had player (\d)/.exec(q.text)!;
      const counted = record.events.filter((e) => e.name === name && e.slot === Number(who) && e.simMs <= 8_000);
      expect(q.answer).toBe(String(counted.length));
      expect(q.evidenceMs).toBe(counted.at(-1)?.simMs ?? 8_000);
    }
  });

  it('skip a kind with no answer yet', () => {
    const empty: StreamRecord = { slots: [0], events: [], progress: [], tracked: [], vocabulary: vocabularyOf(undefined, [0]) };
    expect(questionAt(0, 5_000, empty, 1)).toBeUndefined();
    const solo: StreamRecord = { slots: [0], events: [ev(1_000, 'jump', 0)], progress: [], tracked: [], vocabulary: vocabularyOf(undefined, [0]) };
    expect(questionAt(1, 5_000, solo, 1)?.kind).toBe('count');
  });
});

describe('QA questions from tracked state (a game with a perception adapter)', () => {
  const hp = (simMs: number, a: number, b: number, zone = 'mid-centre') => ({ simMs, tracked: { hp_a: a, hp_b: b, lead: a > b ? 'A' : a < b ? 'B' : 'even', zone_a: zone, zone_b: zone } });
  // sky_duel: B hits at 3 s, A at 6 s and 9 s; zones change in between (not update variables).
  const duel: StreamRecord = {
    slots: [0, 1],
    vocabulary: vocabularyFor('sky_duel', [0, 1]),
    events: [ev(3_000, 'hit', 1), ev(6_000, 'hit', 0), ev(9_000, 'hit', 0), ev(9_500, 'jump', 1)],
    progress: [report(0, 0, 0), report(10_000, 10, -10)],
    tracked: [hp(0, 100, 100), hp(3_000, 90, 100), hp(4_000, 90, 100, 'near-left'), hp(6_000, 90, 90), hp(9_000, 90, 80), hp(9_500, 90, 80, 'far-right')],
  };

  it('names the players by the adapter and takes the lead from the tracked state, exact to the tick', () => {
    const q = questionAt(1, 9_800, duel, 2)!;
    expect(q.kind).toBe('leader');
    expect(q.options).toEqual(expect.arrayContaining(['A', 'B', 'nobody, it is even']));
    expect(q.options![Number(q.answer) - 1]).toBe('A');
    expect(q.evidenceMs).toBe(9_000);
    // At 5 s B led since the hit at 3 s (progress would only have said so at its next report).
    const early = questionAt(1, 5_000, duel, 2)!;
    expect(early.options![Number(early.answer) - 1]).toBe('B');
    expect(early.evidenceMs).toBe(3_000);
  });

  it('asks a tracked variable: its value at q, evidence where it took that value', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const q = questionAt(3, 9_800, duel, seed)!;
      expect(q.kind).toBe('state');
      const name = /\((hp_a|hp_b)\)\?/.exec(q.text)![1]!;
      expect(q.answer).toBe(name === 'hp_a' ? '90' : '80');
      expect(q.evidenceMs).toBe(name === 'hp_a' ? 3_000 : 9_000);
      expect(q.evidenceMs).toBeLessThanOrEqual(q.askMs);
    }
  });

  it('counts critical events only, in the words of the vocabulary', () => {
    const q = questionAt(0, 9_800, duel, 4)!;
    expect(q.kind).toBe('count');
    expect(q.text).toMatch(/"hit" \(a fighter lands a strike/);
    expect(q.text).not.toMatch(/jump/);
  });
});

describe('the answer parser', () => {
  const choice = { options: ['nobody, it is even', 'A', 'B'] };
  it('reads one option number or one option text', () => {
    expect(parseAnswer(choice, '2')).toBe('2');
    expect(parseAnswer(choice, '(3)')).toBe('3');
    expect(parseAnswer(choice, 'Answer: 2) A')).toBe('2');
    expect(parseAnswer(choice, 'b')).toBe('3');
    expect(parseAnswer(choice, 'Nobody, it is even.')).toBe('1');
  });
  it('refuses none or several readings', () => {
    expect(parseAnswer(choice, '2 or 3')).toBeUndefined();
    expect(parseAnswer(choice, 'A or B')).toBeUndefined();
    expect(parseAnswer(choice, 'I cannot tell')).toBeUndefined();
    expect(parseAnswer(choice, '4')).toBeUndefined();
    expect(parseAnswer(choice, '')).toBeUndefined();
  });
  it('reads one whole number, digits or a word', () => {
    expect(parseAnswer({}, '3')).toBe('3');
    expect(parseAnswer({}, 'three hits')).toBe('3');
    expect(parseAnswer({}, '03.')).toBe('3');
    expect(parseAnswer({}, '2 or 3')).toBeUndefined();
    expect(parseAnswer({}, 'none')).toBeUndefined();
  });
});
