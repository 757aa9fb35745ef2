/**
 * The runner's chunk grammar and input timeline. An answer's first `<|action_start|>...<|action_end|>`
 * block is read (either tag may close with `}` instead of `>`, a common model typo); without one, the last
 * line that looks like a bare chunk. Its head carries exactly one number per mouse axis the game uses
 * (none for top-down games; a missing or unreadable number is 0, and `inf` or `nan` is read as such), then
 * `;`-separated steps, padded with empty steps or truncated to the game's chunk length, so a chunk always
 * lasts N x 120 ms. Every token of a step is kept as written: the runner sends each one to the build.
 * An answer with no move and no token is no action at all. Text is read with Python's whitespace and
 * line rules (`py-text.ts`).
 */
import type { ChunkParse, InputEvent } from '../../protocol/index.js';
import { Limits } from '../../protocol/index.js';
import { RUNNER_BUTTONS, RUNNER_KEY_NAMES, RUNNER_MIN_MOVE_UNITS, RUNNER_STEP_MS, RUNNER_TAP_MS, runnerUnits, type RunnerGame } from './games.js';
import { PY_WHITESPACE, pyFloat, pySplit, pySplitLines, pyStrip } from './py-text.js';

/** A parsed runner chunk: the look move in degrees and exactly `chunkSteps` steps of tokens, as written. */
export interface RunnerChunk {
  readonly look: { readonly dx: number; readonly dy: number };
  /** Each step's tokens in the answer's order, each once (the runner holds a step's tokens as a set). */
  readonly steps: readonly (readonly string[])[];
  /** Tokens the game does not list (the runner still sends them to the build as key names; so do we). */
  readonly unknown: readonly string[];
}

export type RunnerParse = { readonly ok: true; readonly chunk: RunnerChunk } | { readonly ok: false; readonly reason: 'EMPTY_ANSWER' | 'NO_ACTION' | 'MALFORMED' };

const BLOCK = /<\|action_start\|[>}]([\s\S]*?)<\|action_end\|[>}]/;

function bareLine(line: string, axes: number): boolean {
  const parts = line.split(';');
  if (parts.length < 2) return false;
  if (axes > 0) {
    const head = pySplit(parts[0]!);
    if (head.length < axes || head.slice(0, axes).some((t) => pyFloat(t) === undefined)) return false;
  }
  return parts.slice(1).some((p) => pyStrip(p).length > 0);
}

/** The block's text: the first block, else the last bare chunk line, read again as a block (as the runner does). */
function actionText(answer: string, axes: number): string | undefined {
  const block = BLOCK.exec(answer);
  let found = block ? pyStrip(block[1] ?? '') : undefined;
  if (found === undefined) {
    const lines = pySplitLines(answer).map(pyStrip);
    for (let i = lines.length - 1; i >= 0 && found === undefined; i--) if (bareLine(lines[i]!, axes)) found = lines[i];
  }
  if (found === undefined) return undefined;
  // A bare line may hold an end tag of its own: wrapped in tags and read again, the block stops at it.
  return pyStrip(BLOCK.exec(`<|action_start|>${found}<|action_end|>`)?.[1] ?? '');
}

/** Parses an answer by the runner's grammar for `game` (the answer stripped first, as the runner does). */
export function parseRunnerAnswer(answer: string, game: RunnerGame): RunnerParse {
  if (pyStrip(answer).length === 0) return { ok: false, reason: 'EMPTY_ANSWER' };
  const axes = game.mouseAxes.length;
  const content = actionText(pyStrip(answer), axes);
  if (content === undefined) return { ok: false, reason: 'NO_ACTION' };
  if (content.length === 0) return { ok: false, reason: 'MALFORMED' };
  const parts = content.split(';');
  if (axes > 0 && parts.length < 2) return { ok: false, reason: 'MALFORMED' };
  const head = axes > 0 ? pySplit(parts[0]!) : [];
  const look = { dx: 0, dy: 0 };
  game.mouseAxes.forEach((axis, i) => {
    const value = head[i] === undefined ? 0 : (pyFloat(head[i]) ?? 0);
    if (axis === 'X') look.dx = value;
    else look.dy = value;
  });
  const listed = new Set(game.controls);
  const unknown: string[] = [];
  const steps = Array.from({ length: game.chunkSteps }, (_, i) => {
    const step = [...new Set(pySplit(parts[(axes > 0 ? 1 : 0) + i] ?? ''))];
    for (const t of step) if (!listed.has(t)) unknown.push(t);
    return step;
  });
  // NaN is not 0: a move of `nan` degrees makes the chunk an action, as in the runner.
  if (look.dx === 0 && look.dy === 0 && steps.every((s) => s.length === 0)) return { ok: false, reason: 'NO_ACTION' };
  return { ok: true, chunk: { look, steps, unknown } };
}

/** The runner's reading of an answer in our parse result's shape (the look in degrees, exactly N steps of tokens). */
export function runnerChunkParse(answer: string, game: RunnerGame): ChunkParse {
  const parsed = parseRunnerAnswer(answer, game);
  if (!parsed.ok) return { ok: false, reason: parsed.reason, detail: `no action by the runner's grammar (${parsed.reason})` };
  return { ok: true, chunk: { look: parsed.chunk.look, steps: parsed.chunk.steps }, form: 'text' };
}

/** Python's whitespace and word characters, for the runner's phrase test (its `\\s` and `\\b` are Unicode's). */
const S = `[${PY_WHITESPACE}]+`;
const W = '[\\p{L}\\p{N}_]';
/** Phrases by which an answer without an action says the episode is over (the runner then ends it as the agent's "done"). */
const TERMINAL = new RegExp(`(?<!${W})(game${S}over|game${S}is${S}over|episode${S}(?:has${S})?ended|ended${S}in${S}failure|no${S}further${S}(?:movement|action)s?${S}is${S}possible)(?!${W})`, 'iu');

/** True when an answer the grammar reads no action from says the game is over (and not "not game over" or "avoid game over"): the agent's own "done". */
export function runnerSaysDone(answer: string, game: RunnerGame): boolean {
  const text = pyStrip(answer);
  const lower = text.toLowerCase();
  if (lower.includes('not game over') || lower.includes('avoid game over')) return false;
  return !parseRunnerAnswer(answer, game).ok && TERMINAL.test(text);
}

/** The chunk that does nothing: what a failed parse becomes (it still lasts N x 120 ms). */
export function runnerNoop(game: RunnerGame): RunnerChunk {
  return { look: { dx: 0, dy: 0 }, steps: Array.from({ length: game.chunkSteps }, () => []), unknown: [] };
}

/** What the runner asks for that a build cannot take, recorded instead of sent. */
export interface RunnerUnsent {
  readonly at: number;
  readonly what: string;
  readonly why: string;
}

/** The runner's timeline for a chunk: inputs at game-time offsets from the chunk's start, ms, its length, and what it asked but could not send. */
export interface RunnerTimeline {
  readonly inputs: readonly InputEvent[];
  readonly durationMs: number;
  readonly unsent: readonly RunnerUnsent[];
}

/** The UE name the runner sends for a key token: its renaming, else the token as written. */
export function runnerKeyName(token: string): string {
  return Object.hasOwn(RUNNER_KEY_NAMES, token) ? RUNNER_KEY_NAMES[token]! : token;
}

/**
 * The inputs the runner sends for a chunk, in its order, with its names: `LMB`, `RMB` and `MMB` as mouse
 * buttons, every other token as a key named by `runnerKeyName` (`Space` -> `SpaceBar`, `w` and `W+A` as
 * written). The look move (degrees, unclamped; the build's recipe divides them by 360/2057 into units)
 * goes first, only when at least half a unit on some axis; a move the build cannot read (not a finite
 * number of units) is recorded in `unsent` and not sent, as a build drops a line it cannot parse. Each step
 * releases what the previous step held and this one does not, and presses what it adds; a step with taps
 * lifts its held keys 30 ms before its end, presses the taps, and lifts them at its end, so the next step
 * presses its held keys afresh. Everything still down is released at the chunk's end.
 */
export function runnerTimeline(chunk: RunnerChunk, game: RunnerGame, slot: number): RunnerTimeline {
  const inputs: InputEvent[] = [];
  const unsent: RunnerUnsent[] = [];
  const ux = runnerUnits(chunk.look.dx);
  const uy = runnerUnits(chunk.look.dy);
  if (Math.abs(ux) >= RUNNER_MIN_MOVE_UNITS || Math.abs(uy) >= RUNNER_MIN_MOVE_UNITS) {
    if (Number.isFinite(ux) && Number.isFinite(uy)) inputs.push({ type: 'look', at: 0, slot, dx: chunk.look.dx, dy: chunk.look.dy });
    else unsent.push({ at: 0, what: `mouse dx=${ux} dy=${uy}`, why: 'not a finite number: the build cannot parse the line' });
  }
  const taps = new Set(game.taps);
  const tapMs = Math.min(RUNNER_TAP_MS, RUNNER_STEP_MS);
  let previous: string[] = [];
  const active = new Set<string>();
  const send = (token: string, at: number, down: boolean): void => {
    const button = Object.hasOwn(RUNNER_BUTTONS, token) ? RUNNER_BUTTONS[token] : undefined;
    const key = runnerKeyName(token);
    if (button !== undefined) inputs.push({ type: 'button', at, slot, button, down });
    else if (key.length <= Limits.maxTextLength) inputs.push({ type: 'key', at, slot, key, down });
    else unsent.push({ at, what: `key ${key.slice(0, 32)}... (${key.length} characters) ${down ? 'pressed' : 'released'}`, why: 'longer than any UE key name: the build ignores it' });
    if (down) active.add(token);
    else active.delete(token);
  };
  chunk.steps.forEach((step, k) => {
    const start = k * RUNNER_STEP_MS;
    const tapped = step.filter((c) => taps.has(c));
    const hold = step.filter((c) => !taps.has(c));
    for (const c of previous) if (!hold.includes(c)) send(c, start, false);
    for (const c of hold) if (!previous.includes(c)) send(c, start, true);
    if (tapped.length === 0) {
      previous = hold;
      return;
    }
    const tapAt = start + RUNNER_STEP_MS - tapMs;
    for (const c of hold) send(c, tapAt, false);
    for (const c of tapped) send(c, tapAt, true);
    for (const c of tapped) send(c, start + RUNNER_STEP_MS, false);
    previous = [];
  });
  const durationMs = chunk.steps.length * RUNNER_STEP_MS;
  for (const c of [...active]) send(c, durationMs, false);
  return { inputs, durationMs, unsent };
}
