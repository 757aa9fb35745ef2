import { describe, expect, it } from 'vitest';
import type { InputEvent } from '../../protocol/index.js';
import { RUNNER_GAMES, type RunnerGame } from './games.js';
import { parseRunnerAnswer, runnerSaysDone, runnerTimeline } from './runner-chunk.js';

const game = (id: string): RunnerGame => RUNNER_GAMES[id]!;

/** The timeline as compact strings: `at key+` / `at key-` / `at look dx,dy`. */
function timeline(answer: string, id: string): { events: string[]; durationMs: number } {
  const parsed = parseRunnerAnswer(answer, game(id));
  if (!parsed.ok) throw new Error(`not parsed: ${parsed.reason}`);
  const t = runnerTimeline(parsed.chunk, game(id), 0);
  const name = (e: InputEvent): string => {
    if (e.type === 'look') return `look ${e.dx},${e.dy}`;
    if (e.type === 'move') return `move ${e.move}`;
    if (e.type === 'axis') return `axis ${e.axis}=${e.value}`;
    return `${e.type === 'key' ? e.key : e.button}${e.down ? '+' : '-'}`;
  };
  return { events: t.inputs.map((e) => `${e.at} ${name(e)}`), durationMs: t.durationMs };
}

describe('the runner chunk grammar', () => {
  it('reads one number per mouse axis, then the steps', () => {
    expect(timeline('Go. <|action_start|>10 -5 ; W ; W A ; ; D ; ; <|action_end|>', 'last_stand')).toEqual({
      events: ['0 look 10,-5', '0 W+', '120 A+', '240 W-', '240 A-', '360 D+', '480 D-'],
      durationMs: 720,
    });
  });

  it('pads a short answer with empty steps so the chunk still lasts N x 120 ms', () => {
    expect(timeline('<|action_start|>0 0 ; W<|action_end|>', 'last_stand')).toEqual({ events: ['0 W+', '120 W-'], durationMs: 720 });
  });

  it('truncates a long answer to the chunk length', () => {
    expect(timeline('<|action_start|>0 0 ; ; ; ; ; ; D ; W ; W<|action_end|>', 'last_stand')).toEqual({ events: ['600 D+', '720 D-'], durationMs: 720 });
  });

  it('accepts the tag typo `|}` on either tag', () => {
    expect(timeline('<|action_start|}5 0 ; W<|action_end|}', 'last_stand').events).toEqual(['0 look 5,0', '0 W+', '120 W-']);
  });

  it('takes the first action block', () => {
    expect(timeline('<|action_start|>0 0 ; A<|action_end|> then <|action_start|>0 0 ; D<|action_end|>', 'last_stand').events).toEqual(['0 A+', '120 A-']);
  });

  it('falls back to the last bare chunk line when the tags are missing', () => {
    expect(timeline('I will run.\n5 0 ; W ; W\n', 'last_stand').events).toEqual(['0 look 5,0', '0 W+', '240 W-']);
  });

  it('reads a missing or unreadable mouse number as 0', () => {
    expect(timeline('<|action_start|>abc ; W<|action_end|>', 'last_stand').events).toEqual(['0 W+', '120 W-']);
    expect(timeline('<|action_start|>1_0 ; W<|action_end|>', 'last_stand').events[0]).toBe('0 look 10,0');
  });

  it('takes no mouse numbers for a top-down game: the first group is a step', () => {
    expect(timeline('<|action_start|>W ; W<|action_end|>', 'solo_craft').events).toEqual(['0 W+', '240 W-']);
  });

  it('reads only X for a game with one axis', () => {
    expect(timeline('<|action_start|>30 5 ; W<|action_end|>', 'sky_duel').events).toEqual(['0 look 30,0', '0 W+', '120 W-']);
  });

  it('presses taps in the last 30 ms of a step with the held keys lifted, and presses the held keys again next step', () => {
    expect(timeline('<|action_start|>W ; W F ; F ; ; S S<|action_end|>', 'solo_craft').events).toEqual([
      '0 W+',
      '210 W-',
      '210 F+',
      '240 F-',
      '330 F+',
      '360 F-',
      '480 S+',
      '600 S-',
    ]);
    expect(timeline('<|action_start|>30 ; W LMB ; W ; LMB<|action_end|>', 'sky_duel').events).toEqual([
      '0 look 30,0',
      '0 W+',
      '90 W-',
      '90 left+',
      '120 left-',
      '120 W+',
      '240 W-',
      '330 left+',
      '360 left-',
    ]);
  });

  it('holds LMB across steps in monster_shoot, where it is not a tap', () => {
    expect(timeline('<|action_start|>3 0 ; LMB ; LMB W ; LMB ; ;<|action_end|>', 'monster_shoot')).toEqual({
      events: ['0 look 3,0', '0 left+', '120 W+', '240 W-', '360 left-'],
      durationMs: 600,
    });
  });

  it('sends no look move under half a mouse unit (2057 units a turn)', () => {
    expect(timeline('<|action_start|>0.05 0 ; W<|action_end|>', 'last_stand').events).toEqual(['0 W+', '120 W-']);
    expect(timeline('<|action_start|>0.1 0 ; W<|action_end|>', 'last_stand').events[0]).toBe('0 look 0.1,0');
  });

  it('keeps tokens the game does not list in the chunk, as the runner sends them, and lists them', () => {
    const parsed = parseRunnerAnswer('<|action_start|>0 0 ; W Jump<|action_end|>', game('last_stand'));
    expect(parsed.ok && parsed.chunk.unknown).toEqual(['Jump']);
    expect(timeline('<|action_start|>0 0 ; w W+A ; D. Space ; lmb LMB ; W W<|action_end|>', 'last_stand').events).toEqual([
      '0 w+', '0 W+A+', '120 w-', '120 W+A-', '120 D.+', '120 SpaceBar+', '240 D.-', '240 SpaceBar-', '240 lmb+', '240 left+', '360 lmb-', '360 left-', '360 W+', '480 W-',
    ]);
  });

  it('sends the look as written, beyond 360 degrees, and records one the build cannot parse', () => {
    expect(timeline('<|action_start|>900 -400 ; W<|action_end|>', 'last_stand').events[0]).toBe('0 look 900,-400');
    const parsed = parseRunnerAnswer('<|action_start|>inf 0 ; W<|action_end|>', game('last_stand'));
    if (!parsed.ok) throw new Error('not parsed');
    const t = runnerTimeline(parsed.chunk, game('last_stand'), 0);
    expect(t.inputs.some((e) => e.type === 'look')).toBe(false);
    expect(t.unsent).toEqual([{ at: 0, what: 'mouse dx=Infinity dy=0', why: 'not a finite number: the build cannot parse the line' }]);
    // nan on an axis is an action (nan is not 0), but a move below half a unit elsewhere is not sent at all.
    const nan = parseRunnerAnswer('<|action_start|>nan 0 ; ;<|action_end|>', game('last_stand'));
    expect(nan.ok).toBe(true);
    if (nan.ok) expect(runnerTimeline(nan.chunk, game('last_stand'), 0)).toMatchObject({ inputs: [], unsent: [] });
  });

  it("reads numbers as Python's float() does", () => {
    const dx = (n: string): number | undefined => {
      const parsed = parseRunnerAnswer(`<|action_start|>${n} 0 ; W<|action_end|>`, game('last_stand'));
      return parsed.ok ? parsed.chunk.look.dx : undefined;
    };
    expect([dx('1_000'), dx('1e2'), dx('.5'), dx('5.'), dx('+3'), dx('١٢'), dx('１２'), dx('-Infinity'), dx('1e400')]).toEqual([1000, 100, 0.5, 5, 3, 12, 12, -Infinity, Infinity]);
    expect([dx('1__0'), dx('_1'), dx('0x10'), dx('1e'), dx('10deg')]).toEqual([0, 0, 0, 0, 0]);
  });

  it("splits on Python's whitespace and line boundaries, not JavaScript's", () => {
    expect(timeline('<|action_start|>0 0 ; W\x1cA<|action_end|>', 'last_stand').events.slice(0, 2)).toEqual(['0 W+', '0 A+']);
    expect(timeline('<|action_start|>0 0 ; W\ufeff<|action_end|>', 'last_stand').events[0]).toBe('0 W\ufeff+');
    expect(timeline('Plan.\x0b10 0 ; D', 'last_stand').events[0]).toBe('0 look 10,0');
  });

  it('finds no action in an empty answer, an answer without a chunk, an empty block and a chunk that does nothing', () => {
    const g = game('last_stand');
    expect(parseRunnerAnswer('  ', g)).toEqual({ ok: false, reason: 'EMPTY_ANSWER' });
    expect(parseRunnerAnswer('I would move forward.', g)).toEqual({ ok: false, reason: 'NO_ACTION' });
    expect(parseRunnerAnswer('<|action_start|><|action_end|>', g)).toEqual({ ok: false, reason: 'MALFORMED' });
    expect(parseRunnerAnswer('<|action_start|>0 0<|action_end|>', g)).toEqual({ ok: false, reason: 'MALFORMED' });
    expect(parseRunnerAnswer('<|action_start|>0 0 ; ; ;<|action_end|>', g)).toEqual({ ok: false, reason: 'NO_ACTION' });
  });
});

describe("the agent's own done", () => {
  it('is an answer without an action that says the game is over', () => {
    expect(runnerSaysDone('The game is over; nothing to do.', game('last_stand'))).toBe(true);
    expect(runnerSaysDone('The episode has ended in failure.', game('last_stand'))).toBe(true);
  });

  it('is never an answer with an action, nor one that does not say so', () => {
    expect(runnerSaysDone('Game over soon? <|action_start|>0 0 ; W<|action_end|>', game('last_stand'))).toBe(false);
    expect(runnerSaysDone('I am not sure what to do.', game('last_stand'))).toBe(false);
    expect(runnerSaysDone('It is not game over yet.', game('last_stand'))).toBe(false);
    expect(runnerSaysDone('I must avoid game over.', game('last_stand'))).toBe(false);
    expect(runnerSaysDone('endgame over', game('last_stand'))).toBe(false);
  });
});
