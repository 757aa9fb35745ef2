/**
 * The runner's chunk grammar and input timeline. An answer's first `<|action_start|>...<|action_end|>`
 * block is read (either tag may close with `}` instead of `>`, a common model typo); without one, the last
 * line that looks like a bare chunk. Its head carries exactly one number per mouse axis the game uses
 * (none for top-down games; a missing or unreadable number is 0), then `;`-separated steps, padded with
 * empty steps or truncated to the game's chunk length, so a chunk always lasts N x 120 ms. An answer with
 * no move and no key is no action at all.
 */
import type { ChunkParse, InputEvent } from '../../protocol/index.js';
import { RUNNER_MIN_MOVE_UNITS, RUNNER_STEP_MS, RUNNER_TAP_MS, RUNNER_UNITS_PER_DEGREE, type RunnerGame } from './games.js';

/** A parsed runner chunk: the look move in degrees and exactly `chunkSteps` steps of tokens. */
export interface RunnerChunk {
  readonly look: { readonly dx: number; readonly dy: number };
  readonly steps: readonly (readonly string[])[];
  /** Tokens the game does not list, left out of the timeline (the runner forwards them to the build as key names). */
  readonly unknown: readonly string[];
}

export type RunnerParse = { readonly ok: true; readonly chunk: RunnerChunk } | { readonly ok: false; readonly reason: 'EMPTY_ANSWER' | 'NO_ACTION' | 'MALFORMED' };

const BLOCK = /<\|action_start\|[>}]([\s\S]*?)<\|action_end\|[>}]/;
/** A number as the runner's float() reads one: sign, digits with single underscores, a fraction, an exponent. */
const FLOAT = /^[+-]?(?:(?:\d(?:_?\d)*)(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;

/** Reads one token as a finite number, or undefined (inf and nan count as unreadable). */
function readNumber(token: string | undefined): number | undefined {
  if (token === undefined || !FLOAT.test(token)) return undefined;
  const value = Number(token.replaceAll('_', ''));
  return Number.isFinite(value) ? value : undefined;
}

const words = (text: string): string[] => text.trim().split(/\s+/).filter((t) => t.length > 0);

function bareLine(line: string, axes: number): boolean {
  const parts = line.split(';');
  if (parts.length < 2) return false;
  if (axes > 0) {
    const head = words(parts[0] ?? '');
    if (head.length < axes || head.slice(0, axes).some((t) => readNumber(t) === undefined)) return false;
  }
  return parts.slice(1).some((p) => p.trim().length > 0);
}

function actionText(answer: string, axes: number): string | undefined {
  const block = BLOCK.exec(answer);
  if (block) return (block[1] ?? '').trim();
  const lines = answer.split(/\r?\n/).map((l) => l.trim());
  for (let i = lines.length - 1; i >= 0; i--) if (bareLine(lines[i] ?? '', axes)) return lines[i];
  return undefined;
}

/** Parses an answer by the runner's grammar for `game`. */
export function parseRunnerAnswer(answer: string, game: RunnerGame): RunnerParse {
  if (answer.trim().length === 0) return { ok: false, reason: 'EMPTY_ANSWER' };
  const axes = game.mouseAxes.length;
  const content = actionText(answer, axes);
  if (content === undefined) return { ok: false, reason: 'NO_ACTION' };
  if (content.length === 0) return { ok: false, reason: 'MALFORMED' };
  const parts = content.split(';');
  if (axes > 0 && parts.length < 2) return { ok: false, reason: 'MALFORMED' };
  const head = axes > 0 ? words(parts[0] ?? '') : [];
  const look = { dx: 0, dy: 0 };
  game.mouseAxes.forEach((axis, i) => {
    const value = readNumber(head[i]) ?? 0;
    if (axis === 'X') look.dx = value;
    else look.dy = value;
  });
  const known = new Map(game.controls.map((c) => [c, c]));
  const unknown: string[] = [];
  const steps = Array.from({ length: game.chunkSteps }, (_, i) => {
    const tokens = words(parts[(axes > 0 ? 1 : 0) + i] ?? '');
    const step: string[] = [];
    for (const t of tokens) {
      const name = known.get(t);
      if (name === undefined) unknown.push(t);
      else if (!step.includes(name)) step.push(name);
    }
    return step;
  });
  if (look.dx === 0 && look.dy === 0 && steps.every((s) => s.length === 0) && unknown.length === 0) return { ok: false, reason: 'NO_ACTION' };
  return { ok: true, chunk: { look, steps, unknown } };
}

/** The runner's reading of an answer in our parse result's shape (the look in degrees, exactly N steps). */
export function runnerChunkParse(answer: string, game: RunnerGame): ChunkParse {
  const parsed = parseRunnerAnswer(answer, game);
  if (!parsed.ok) return { ok: false, reason: parsed.reason, detail: `no action by the runner's grammar (${parsed.reason})` };
  return { ok: true, chunk: { look: parsed.chunk.look, steps: parsed.chunk.steps }, form: 'text' };
}

/** Phrases by which an answer without an action says the episode is over (the runner then ends it as the agent's "done"). */
const TERMINAL = /\b(game\s+(is\s+)?over|episode\s+(has\s+)?ended|ended\s+in\s+failure|no\s+further\s+(movement|action)s?\s+is\s+possible)\b/i;

/** True when an answer the grammar reads no action from says the game is over: the agent's own "done". */
export function runnerSaysDone(answer: string, game: RunnerGame): boolean {
  return !parseRunnerAnswer(answer, game).ok && TERMINAL.test(answer);
}

/** The chunk that does nothing: what a failed parse becomes (it still lasts N x 120 ms). */
export function runnerNoop(game: RunnerGame): RunnerChunk {
  return { look: { dx: 0, dy: 0 }, steps: Array.from({ length: game.chunkSteps }, () => []), unknown: [] };
}

const BUTTONS = { LMB: 'left', RMB: 'right', MMB: 'middle' } as const;

function press(slot: number, control: string, at: number, down: boolean): InputEvent {
  const button = (BUTTONS as Record<string, 'left' | 'right' | 'middle' | undefined>)[control];
  return button === undefined ? { type: 'key', at, slot, key: control, down } : { type: 'button', at, slot, button, down };
}

/** The runner's timeline for a chunk: inputs at game-time offsets from the chunk's start, ms, and its length. */
export interface RunnerTimeline {
  readonly inputs: readonly InputEvent[];
  readonly durationMs: number;
}

/**
 * The inputs the runner sends for a chunk, in its order. The look move (in degrees; the build's recipe
 * turns them into `degrees x 2057/360` units) goes first, only when at least half a unit on some axis.
 * Each step releases what the previous step held and this one does not, and presses what it adds; a step
 * with taps lifts its held keys 30 ms before its end, presses the taps, and lifts them at its end, so the
 * next step presses its held keys afresh. Everything still down is released at the chunk's end.
 */
export function runnerTimeline(chunk: RunnerChunk, game: RunnerGame, slot: number): RunnerTimeline {
  const inputs: InputEvent[] = [];
  const units = (deg: number): number => deg * RUNNER_UNITS_PER_DEGREE;
  if (Math.abs(units(chunk.look.dx)) >= RUNNER_MIN_MOVE_UNITS || Math.abs(units(chunk.look.dy)) >= RUNNER_MIN_MOVE_UNITS) {
    const clamp = (d: number): number => Math.max(-360, Math.min(360, d));
    inputs.push({ type: 'look', at: 0, slot, dx: clamp(chunk.look.dx), dy: clamp(chunk.look.dy) });
  }
  const taps = new Set(game.taps);
  const tapMs = Math.min(RUNNER_TAP_MS, RUNNER_STEP_MS);
  let previous: string[] = [];
  const active = new Set<string>();
  const send = (control: string, at: number, down: boolean): void => {
    inputs.push(press(slot, control, at, down));
    if (down) active.add(control);
    else active.delete(control);
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
  return { inputs, durationMs };
}
