/**
 * The answer of a turn-based game: one move in the game's notation between the chunk delimiters,
 * `<|action_start|>b3<|action_end|>`, or JSON `{"move":"b3"}`. Only the form is checked here (one token of
 * move characters); the game parses the notation and judges legality, with its own reason for a refusal.
 */
import { ACTION_END, ACTION_START } from './action-markers.js';
import { MAX_MOVE_LENGTH } from './controls.js';

/** A move read from an answer (a one-step chunk carrying it), or why none could be: a ChunkParse. */
export type MoveParse =
  | { readonly ok: true; readonly chunk: { readonly look: { readonly dx: 0; readonly dy: 0 }; readonly steps: readonly (readonly string[])[]; readonly move: string }; readonly form: 'text' | 'json' }
  | { readonly ok: false; readonly reason: 'EMPTY_ANSWER' | 'NO_ACTION' | 'MALFORMED'; readonly detail: string };

/** Characters any board notation uses: cells (`b3`), square pairs (`e2e4`, `e7e8q`), SAN (`Nxf3+`, `O-O`, `e8=Q#`). */
const MOVE_TOKEN = new RegExp(`^[A-Za-z0-9+#=x-]{1,${MAX_MOVE_LENGTH}}$`);

const fail = (reason: 'EMPTY_ANSWER' | 'NO_ACTION' | 'MALFORMED', detail: string): MoveParse => ({ ok: false, reason, detail });

function checkToken(raw: string, form: 'text' | 'json'): MoveParse {
  const token = raw.trim();
  if (token.length === 0) return fail('MALFORMED', 'the action block holds no move');
  if (/\s/.test(token)) return fail('MALFORMED', `'${token.slice(0, 40)}' is more than one move; give exactly one`);
  if (!MOVE_TOKEN.test(token)) return fail('MALFORMED', `'${token.slice(0, 40)}' is not written in move notation`);
  return { ok: true, chunk: { look: { dx: 0, dy: 0 }, steps: [[]], move: token }, form };
}

function parseJsonMove(answer: string): MoveParse | undefined {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || !('move' in value)) return undefined;
  const move = (value).move;
  return typeof move === 'string' ? checkToken(move, 'json') : fail('MALFORMED', '"move" must be a string');
}

/** Parses a turn-based answer: the last action block wins; without one, a JSON object with `move`. */
export function parseMoveAnswer(answer: string): MoveParse {
  if (answer.trim().length === 0) return fail('EMPTY_ANSWER', 'the answer was empty');
  const end = answer.lastIndexOf(ACTION_END);
  const start = end >= 0 ? answer.lastIndexOf(ACTION_START, end) : answer.lastIndexOf(ACTION_START);
  if (start >= 0 && end > start) return checkToken(answer.slice(start + ACTION_START.length, end), 'text');
  if (start >= 0) return fail('MALFORMED', `${ACTION_START} without ${ACTION_END}`);
  return parseJsonMove(answer) ?? fail('NO_ACTION', `no ${ACTION_START}move${ACTION_END} block and no JSON {"move": ...}`);
}
