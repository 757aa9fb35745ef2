/**
 * The RemoteInput protocol as our server reads it: one UTF-8 JSON object per line. Fire-and-forget commands
 * (`key`, `mouse`, `mouse_button`, `axis`, `console`) are never answered, not even when they are invalid, so
 * a client waiting on a reply never mistakes an answer for it; requests are answered with one line (a
 * screenshot with a header line and its JPEG bytes). Unknown fields are ignored, as the UE plugin does.
 */
import { z } from 'zod';

/** Extensions our server offers beyond the UE plugin, announced in its welcome line. */
export const RemoteInputExtension = {
  /** `{"type":"get_state"}` -> `{"type":"state","state":{...}}`: privileged game state. */
  GET_STATE: 'get_state',
  /** `get_score` replies carry `sim_ms`: the game's own clock, ms since reset. */
  SIM_MS: 'sim_ms',
  /** `get_score` replies carry `progress`: the manifest's normalised progress in [0, 1]. */
  PROGRESS: 'progress',
} as const;
export type RemoteInputExtension = (typeof RemoteInputExtension)[keyof typeof RemoteInputExtension];

const KeyName = z.string().min(1).max(64);
/** A `key` command's name: any name a build is sent (the benchmark profile forwards tokens as written). */
const SentKeyName = z.string().min(1).max(64 * 1024);
const PressEvent = z.enum(['pressed', 'released']);
const Delta = z.number().finite().min(-1e6).max(1e6);
/** A mouse move: any finite number of units, as a build reads one. */
const MouseDelta = z.number().finite();

export const RemoteInputCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('key'), key: SentKeyName, event: PressEvent }),
  z.object({ type: z.literal('mouse'), dx: MouseDelta.default(0), dy: MouseDelta.default(0) }),
  z.object({ type: z.literal('mouse_button'), button: z.enum(['left', 'right', 'middle']), event: PressEvent }),
  z.object({ type: z.literal('axis'), axis: KeyName, value: Delta }),
  z.object({ type: z.literal('console'), command: z.string().max(1024) }),
  z.object({ type: z.literal('reset') }),
  z.object({ type: z.literal('save') }),
  z.object({ type: z.literal('load') }),
  z.object({ type: z.literal('get_score') }),
  z.object({ type: z.literal('game_over_check') }),
  z.object({
    type: z.literal('screenshot'),
    quality: z.number().int().min(1).max(100).default(85),
    /** Extension: a frame size other than the game's native one. */
    width: z.number().int().min(16).max(4096).optional(),
    height: z.number().int().min(16).max(4096).optional(),
  }),
  z.object({ type: z.literal('get_state') }),
]);
export type RemoteInputCommand = z.infer<typeof RemoteInputCommand>;

/** Command types that are never answered. */
export const FIRE_AND_FORGET: ReadonlySet<string> = new Set(['key', 'mouse', 'mouse_button', 'axis', 'console']);

// ---- lines both sides read and write ---------------------------------------------------------

/** One JSON object a RemoteInput peer sent, with a string `type` when it had one. */
export type RemoteInputLine = Readonly<Record<string, unknown>>;

/** A line as JSON text with its terminating newline: how both sides write every command and reply. */
export function encodeRemoteInputLine(line: object): string {
  return `${JSON.stringify(line)}\n`;
}

/** Parses one received line (without its newline): the JSON object, or why it is not one. */
export function parseRemoteInputLine(text: string): { readonly ok: true; readonly line: RemoteInputLine } | { readonly ok: false; readonly error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not a JSON line' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: 'not a JSON object' };
  return { ok: true, line: raw as RemoteInputLine };
}

const Finite = z.number().finite();
const Positive = z.number().finite().positive();

/** The header line before a screenshot's bytes: `size` bytes of `format` (JPEG when absent) follow it at once. */
export const RemoteInputScreenshotHeader = z.looseObject({
  type: z.literal('screenshot'),
  size: z.number().int().positive(),
  width: Positive,
  height: Positive,
  format: z.enum(['jpeg', 'jpg', 'png']).optional(),
});
export type RemoteInputScreenshotHeader = z.infer<typeof RemoteInputScreenshotHeader>;

/** A `get_score` reply: `score` always; survival time (s), player index and our extensions when sent. */
export const RemoteInputScoreReply = z.looseObject({
  score: Finite,
  survival_time: Finite.optional().catch(undefined),
  player_index: Finite.optional().catch(undefined),
  progress: Finite.optional().catch(undefined),
  sim_ms: Finite.optional().catch(undefined),
});
export type RemoteInputScoreReply = z.infer<typeof RemoteInputScoreReply>;

/** A `game_over_check` reply. */
export const RemoteInputGameOverCheck = z.looseObject({ game_over: z.boolean() });

/** A `get_state` reply (our extension). */
export const RemoteInputStateReply = z.looseObject({ type: z.literal('state'), state: z.record(z.string(), z.unknown()) });

/** A reply to `reset`, `save` or `load`: builds send `{"type":"reset",...}` or a bare `{"status":"ok"}`. */
export function isControlReply(kind: 'reset' | 'save' | 'load', line: RemoteInputLine): boolean {
  return line.type === kind || line.type === undefined;
}

/** A `game_over` push (unasked), as opposed to a `game_over_check` reply, which carries a boolean `game_over`. */
export function isGameOverPush(line: RemoteInputLine): boolean {
  return line.type === 'game_over' && typeof line.game_over !== 'boolean';
}

/** The welcome line our server sends on connect; the UE plugin may send none. */
export const RemoteInputWelcome = z.looseObject({ type: z.literal('welcome'), extensions: z.array(z.string()).optional().catch(undefined) });
