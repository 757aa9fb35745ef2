/**
 * The model-facing action: one mouse-look move plus N steps of held controls, written either as the
 * benchmark's chunk text `<|action_start|>X Y Z ; W A ; W ; ... <|action_end|>` (X yaw and Y pitch in
 * degrees, Z scroll, which no game takes and must be 0) or as JSON `{"look":[X,Y],"steps":[["W","A"],["W"]]}`.
 * Both are parsed strictly against a game's control set; anything else is an invalid answer with a reason.
 * A game that declares gamepad axes also reads `AXIS=VALUE` tokens in a step (`W LX=0.6 RT=1`,
 * protocol/chunk-axes.ts): the step holds those axis values.
 * Turn-based games take one move instead (protocol/move-answer.ts).
 */
import { canonicalControl, type ControlSet, type GamepadAxis } from './controls.js';
import { ACTION_END, ACTION_START } from './action-markers.js';
import { parseMoveAnswer } from './move-answer.js';
import { axisTokens, checkStepAxes, isAxisToken, normaliseAxes, parseAxisToken, setStepAxis, type StepAxes } from './chunk-axes.js';

/** A parsed, legal action chunk. Controls are canonical names from the control set. */
export interface ActionChunk {
  /** Mouse-look move at the chunk's start, degrees: yaw right positive, pitch up positive. */
  readonly look: { readonly dx: number; readonly dy: number };
  /** Controls held during each step, in order. */
  readonly steps: readonly (readonly string[])[];
  /** Turn-based games: the move, as written (the game parses its notation). */
  readonly move?: string;
  /** Gamepad axes held during each step, one map per step (absent when no step names an axis). */
  readonly axes?: readonly StepAxes[];
}

/** Why an answer did not yield a chunk. Recorded with every no-op. */
export type InvalidReason =
  | 'EMPTY_ANSWER'
  | 'NO_ACTION'
  | 'MALFORMED'
  | 'BAD_CONTROL'
  | 'BAD_AXIS'
  | 'LOOK_TOO_LARGE'
  | 'TOO_MANY_STEPS'
  | 'NO_STEPS';

export type ChunkParse =
  | { readonly ok: true; readonly chunk: ActionChunk; readonly form: 'text' | 'json' }
  | { readonly ok: false; readonly reason: InvalidReason; readonly detail: string };

export { ACTION_START, ACTION_END };

/** The chunk that does nothing for `steps` steps: what an invalid answer becomes. */
export function noopChunk(steps: number): ActionChunk {
  return { look: { dx: 0, dy: 0 }, steps: Array.from({ length: steps }, () => []) };
}

const fail = (reason: InvalidReason, detail: string): ChunkParse => ({ ok: false, reason, detail });

/** Every control a chunk may name: keys and mouse-button tokens. */
export function allControls(controls: ControlSet): readonly string[] {
  return [...controls.keys, ...controls.buttons];
}

function checkParts(look: { dx: number; dy: number }, steps: readonly (readonly string[])[], controls: ControlSet, form: 'text' | 'json', axesIn?: unknown): ChunkParse {
  if (!Number.isFinite(look.dx) || !Number.isFinite(look.dy)) return fail('MALFORMED', 'mouse move is not a number');
  if (look.dx !== 0 && !controls.mouseAxes.includes('x')) return fail('BAD_AXIS', 'this game has no horizontal mouse axis; X must be 0');
  if (look.dy !== 0 && !controls.mouseAxes.includes('y')) return fail('BAD_AXIS', 'this game has no vertical mouse axis; Y must be 0');
  if (Math.abs(look.dx) > controls.maxLookDeg || Math.abs(look.dy) > controls.maxLookDeg) {
    return fail('LOOK_TOO_LARGE', `mouse move beyond ${controls.maxLookDeg} degrees`);
  }
  if (steps.length === 0) return fail('NO_STEPS', 'a chunk needs at least one step');
  if (steps.length > controls.chunkSteps) return fail('TOO_MANY_STEPS', `${steps.length} steps, at most ${controls.chunkSteps}`);
  const all = allControls(controls);
  const canonical: string[][] = [];
  const built = checkStepAxes(axesIn, steps.length, controls);
  if (!built.ok) return built;
  const axes: Partial<Record<GamepadAxis, number>>[] = steps.map((_, k) => ({ ...built.axes?.[k] }));
  for (const [k, step] of steps.entries()) {
    const names: string[] = [];
    for (const token of step) {
      if (isAxisToken(token, controls)) {
        const setting = parseAxisToken(token, controls);
        if (!setting.ok) return setting;
        const twice = setStepAxis(axes[k]!, setting.axis, setting.value);
        if (twice) return twice;
        continue;
      }
      const name = canonicalControl(token, all);
      if (name === undefined) return fail('BAD_CONTROL', `'${token.slice(0, 32)}' is not a control of this game`);
      if (!names.includes(name)) names.push(name);
    }
    canonical.push(names);
  }
  const held = normaliseAxes(axes);
  return { ok: true, chunk: { look: { dx: look.dx, dy: look.dy }, steps: canonical, ...(held ? { axes: held } : {}) }, form };
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function parseText(body: string, controls: ControlSet): ChunkParse {
  const segments = body.split(';').map((s) => s.trim());
  const head = (segments[0] ?? '').split(/[\s,]+/).filter((s) => s.length > 0);
  if (head.length !== 3 || !head.every((s) => NUMBER.test(s))) {
    return fail('MALFORMED', 'the chunk must start with three numbers "X Y Z" (mouse yaw, pitch, scroll)');
  }
  const [dx, dy, scroll] = head.map(Number) as [number, number, number];
  if (scroll !== 0) return fail('BAD_AXIS', 'no game takes a scroll; Z must be 0');
  const steps = segments.slice(1).map((s) => s.split(/[\s,+]+/).filter((t) => t.length > 0));
  if (steps.length > 0 && segments[segments.length - 1] === '' && segments.length > 2) steps.pop();
  return checkParts({ dx, dy }, steps, controls, 'text');
}

function parseJson(text: string, controls: ControlSet): ChunkParse | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || !('steps' in value)) return undefined;
  const record = value as { steps: unknown; look?: unknown; mouse?: unknown };
  const lookRaw = record.look ?? record.mouse ?? [0, 0];
  if (!Array.isArray(lookRaw) || lookRaw.length !== 2 || !lookRaw.every((n) => typeof n === 'number')) {
    return fail('MALFORMED', '"look" must be [X, Y] in degrees');
  }
  if (!Array.isArray(record.steps) || !record.steps.every((s) => Array.isArray(s) && s.every((t) => typeof t === 'string'))) {
    return fail('MALFORMED', '"steps" must be a list of lists of control names');
  }
  const [dx, dy] = lookRaw as [number, number];
  return checkParts({ dx, dy }, record.steps, controls, 'json');
}

/**
 * Parses a model's answer. The last `<|action_start|>...<|action_end|>` block wins (models often quote the
 * format while reasoning); without one, a JSON object with `steps` is accepted.
 */
export function parseAnswer(answer: string, controls: ControlSet): ChunkParse {
  if (controls.move !== undefined) return parseMoveAnswer(answer);
  if (answer.trim().length === 0) return fail('EMPTY_ANSWER', 'the answer was empty');
  const end = answer.lastIndexOf(ACTION_END);
  const start = end >= 0 ? answer.lastIndexOf(ACTION_START, end) : answer.lastIndexOf(ACTION_START);
  if (start >= 0 && end > start) return parseText(answer.slice(start + ACTION_START.length, end), controls);
  if (start >= 0) return fail('MALFORMED', `${ACTION_START} without ${ACTION_END}`);
  return parseJson(answer, controls) ?? fail('NO_ACTION', `no ${ACTION_START}...${ACTION_END} block and no JSON action`);
}

/**
 * Checks a chunk an agent built itself against a game's control set, by the same rules as a parsed answer
 * (canonical names, axes, look limit, step count), without writing it out and parsing it back. The result's
 * `form` is `json`, the form a built chunk takes on AgentLink.
 */
export function checkChunk(chunk: ActionChunk, controls: ControlSet): ChunkParse {
  // An in-process agent's chunk is typed but not validated: guard the shapes a JSON form would have refused.
  const { look, steps, axes } = chunk as { look: unknown; steps: unknown; axes?: unknown };
  const xy = typeof look === 'object' && look !== null ? (look as { dx?: unknown; dy?: unknown }) : {};
  if (!Number.isFinite(xy.dx) || !Number.isFinite(xy.dy)) return fail('MALFORMED', '"look" must be [X, Y] in degrees');
  if (!Array.isArray(steps) || !steps.every((s) => Array.isArray(s) && s.every((t) => typeof t === 'string'))) {
    return fail('MALFORMED', '"steps" must be a list of lists of control names');
  }
  return checkParts({ dx: xy.dx as number, dy: xy.dy as number }, steps, controls, 'json', axes);
}

/** Writes a chunk in the benchmark's text form (used in prompts, examples and records). */
export function formatChunk(chunk: ActionChunk): string {
  if (chunk.move !== undefined) return `${ACTION_START}${chunk.move}${ACTION_END}`;
  const steps = chunk.steps.map((s, k) => [...s, ...axisTokens(chunk.axes?.[k])].join(' '));
  return `${ACTION_START}${chunk.look.dx} ${chunk.look.dy} 0 ; ${steps.join(' ; ')} ${ACTION_END}`.replace(/ {2,}/g, ' ');
}
