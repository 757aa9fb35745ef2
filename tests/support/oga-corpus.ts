/**
 * A generated corpus of model answers of every shape, for the differential test against the benchmark's
 * runner: well-formed chunks, odd spacing (tabs, Unicode spaces, Python-only whitespace) and separators,
 * key case, unknown and joined tokens, placeholders, two blocks, prose around and inside, bare lines under
 * every line boundary, number formats (exponents, underscores, Unicode digits, inf, nan, overflow), too many
 * and too few steps, empty steps, tag typos, "done" phrases and empty answers. Deterministic for a seed.
 */
import type { RunnerGame } from '../../games-manifest/index.js';
import { seededRandom } from './pdq-driver.js';

const NUMBERS = ['0', '10', '-25', '12.5', '-0', '+3', '.5', '5.', '1e2', '-1E-3', '1_000', '1__0', '_1', '0x10', '1e', 'inf', '-inf', 'Infinity', 'nan', 'NaN', '+nan', '1e400', '-1e309', '720', '-1000', '100000', '0.01', '0.05', '0.1', '１２', '٣', '10deg', 'X', '1.5.2', '1e1_0', '3_.5'];
const ODD_TOKENS = ['w', 'a', 's', 'd', 'space', 'SPACE', 'SpaceBar', 'lmb', 'f', 'W+A', 'W,A', 'D.', 'W;', 'k1', 'k2', 'Jump', 'Shift', 'Ctrl', 'Alt', 'Esc', 'Tab', 'one', 'Two', 'RMB', 'MMB', 'LeftMouseButton', 'W:A', '"W"', '(W)', 'W\u200b', 'Ｗ', 'é', 'x'.repeat(130)];
const SPACES = [' ', '  ', '\t', '\u3000', '\xa0', '\x1c', '\x85', '\ufeff ', '\u2003'];
const LINE_BREAKS = ['\n', '\r\n', '\r', '\u2028', '\x0b', '\x0c', '\x1e', '\x85'];
const DONE = ['The game is over.', 'GAME OVER', 'Game  over, nothing to do', 'The episode has ended.', 'It ended in failure', 'No further movement is possible', 'not game over yet', 'I must avoid game over', 'gameover', 'the endgame over there', 'game\u3000over', 'game\x1cover', 'égame over'];
const PROSE = ['I will move forward.', 'Plan: strafe left; then jump.', 'Looking around: 10 20 ; W', 'Output:', '1. turn ; 2. walk'];

/** One answer to play for a game. */
export interface CorpusCase {
  readonly game: string;
  readonly answer: string;
  readonly shape: string;
}

/** The corpus for `games`: fixed edge cases for every game plus `perGame` random answers each. */
export function generateCorpus(games: readonly RunnerGame[], perGame: number, seed = 26): CorpusCase[] {
  const out: CorpusCase[] = [];
  const r = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  for (const g of games) {
    const tokens = [...g.controls, ...g.controls, ...ODD_TOKENS];
    const head = (): string => g.mouseAxes.map(() => (r() < 0.6 ? String(Math.round((r() - 0.5) * 2000) / 10) : pick(NUMBERS))).join(pick([' ', ' ', '  ', '\t']));
    const step = (odd: boolean): string => {
      const n = Math.floor(r() * 4);
      return Array.from({ length: n }, () => (odd && r() < 0.4 ? pick(tokens) : pick(g.controls))).join(odd ? pick(SPACES) : ' ');
    };
    const body = (steps: number, odd: boolean): string => {
      const parts = Array.from({ length: steps }, () => step(odd));
      const sep = odd && r() < 0.2 ? pick([';', ' ; ', ';;', ' ;', '; ']) : ' ; ';
      return g.mouseAxes.length > 0 ? [head(), ...parts].join(sep) : parts.join(sep);
    };
    const block = (text: string): string => `<|action_start|>${text}<|action_end|>`;
    const add = (shape: string, answer: string): void => {
      out.push({ game: g.id, answer, shape });
    };
    // Fixed shapes.
    add('well-formed', block(body(g.chunkSteps, false)));
    add('empty', '');
    add('blank', ' \n\t ');
    add('bom only', '\ufeff');
    add('python-only space', '\x1c\x1d');
    add('empty block', block(''));
    add('block of spaces', block('   '));
    add('head only', block(g.mouseAxes.map(() => '10').join(' ')));
    add('empty steps', block([...g.mouseAxes.map(() => '0'), ...Array.from({ length: g.chunkSteps }, () => '')].join(' ; ')));
    add('move only', block(`${g.mouseAxes.map(() => '30').join(' ')} ; ;`));
    add('tiny move', block(`${g.mouseAxes.map(() => '0.05').join(' ')} ; ;`));
    add('typo start', `<|action_start|}${body(g.chunkSteps, false)}<|action_end|>`);
    add('typo end', `<|action_start|>${body(g.chunkSteps, false)}<|action_end|}`);
    add('no end tag', `<|action_start|>${body(g.chunkSteps, false)}`);
    add('two blocks', `${block(body(g.chunkSteps, false))} then ${block(body(g.chunkSteps, false))}`);
    add('prose around', `I see a wall.\n${block(body(g.chunkSteps, false))}\nThat should work.`);
    add('prose inside', block(`${g.mouseAxes.map(() => '5').join(' ')} ; I will press W ; then D.`));
    add('bare line', `Plan first.\n${body(g.chunkSteps, false)}`);
    add('two bare lines', `${body(g.chunkSteps, false)}\n${body(g.chunkSteps, false)}\nok`);
    add('bare line with end tag', `${g.mouseAxes.map(() => '10').join(' ')} ; W <|action_end|> ; D`);
    add('bare without numbers', `W ; D ; A`);
    add('too many steps', block(body(g.chunkSteps + 4, false)));
    add('too few steps', block(body(1, false)));
    add('joined keys', block(`${g.mouseAxes.map(() => '0').join(' ')} ; W+A ; W,A ; D. ; k1 k2 ; w`));
    add('lowercase', block(`${g.mouseAxes.map(() => '0').join(' ')} ; w a ; s d ; space ; f ; lmb`));
    add('renamed keys', block(`${g.mouseAxes.map(() => '0').join(' ')} ; Space Shift ; Ctrl Alt ; Esc Tab ; one zero ; LMB RMB MMB`));
    add('duplicate tokens', block(`${g.mouseAxes.map(() => '0').join(' ')} ; W W W ; F F ; LMB LMB`));
    add('tap then hold', block(`${g.mouseAxes.map(() => '0').join(' ')} ; W F ; W ; F ; F ; W LMB`));
    add('long token', block(`${g.mouseAxes.map(() => '0').join(' ')} ; ${'x'.repeat(130)} ; W`));
    for (const n of NUMBERS) add(`number ${n}`, block(`${g.mouseAxes.map((_, i) => (i === 0 ? n : '20')).join(' ')} ; W`));
    for (const n of NUMBERS.slice(0, 12)) add(`number ${n} on y`, block(`${g.mouseAxes.map((_, i) => (i === 1 ? n : '0')).join(' ')} ; W`));
    add('non-finite both', block(`${g.mouseAxes.map(() => 'nan').join(' ')} ; W`));
    add('overflow units', block(`${g.mouseAxes.map(() => '1.7e308').join(' ')} ; W`));
    for (const b of LINE_BREAKS) add(`line break ${JSON.stringify(b)}`, `Plan.${b}${body(g.chunkSteps, false)}${b}Done.`);
    for (const sp of SPACES) add(`space ${JSON.stringify(sp)}`, block(`${g.mouseAxes.map(() => '10').join(sp)} ;${sp}W${sp}A${sp};${sp}D`));
    for (const d of DONE) add(`done ${d}`, d);
    add('done with action', `Game over? ${block(body(g.chunkSteps, false))}`);
    add('done with empty action', `The game is over. ${block(';;;;')}`);
    for (const p of PROSE) add(`prose ${p}`, p);
    // Random shapes.
    for (let i = 0; i < perGame; i++) {
      const odd = r() < 0.6;
      const steps = Math.max(0, g.chunkSteps + Math.floor((r() - 0.5) * 6));
      const text = body(steps, odd);
      const wrap = r();
      const answer =
        wrap < 0.5 ? block(text) : wrap < 0.65 ? `${pick(PROSE)}${pick(LINE_BREAKS)}${block(text)}` : wrap < 0.8 ? `${pick(PROSE)}${pick(LINE_BREAKS)}${text}` : wrap < 0.9 ? `${block(text)} ${block(body(g.chunkSteps, odd))}` : `${pick(DONE)} ${odd ? text : ''}`;
      add(`random ${i}`, answer);
    }
  }
  return out;
}
