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
const PressEvent = z.enum(['pressed', 'released']);
const Delta = z.number().finite().min(-1e6).max(1e6);

export const RemoteInputCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('key'), key: KeyName, event: PressEvent }),
  z.object({ type: z.literal('mouse'), dx: Delta.default(0), dy: Delta.default(0) }),
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
