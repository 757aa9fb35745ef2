/**
 * The msgpack codec of both links: size limits on the bytes and on every msgpack container, then a zod
 * parse, so nothing past `decodeMessage` ever sees `unknown`.
 */
import { Decoder, Encoder } from '@msgpack/msgpack';
import type { z } from 'zod';
import { ArenaError, ErrorCode } from './errors.js';
import { Limits } from './limits.js';
import type { AgentMessage, GatewayMessage } from './agent-link.js';
import type { ClientMessage, GameMessage } from './game-link.js';

/** A message of either link, in either direction, as its schema describes it: all that goes on a socket. */
export type LinkMessage = ClientMessage | GameMessage | AgentMessage | GatewayMessage;

const decoder = new Decoder({
  maxStrLength: Limits.maxTextLength,
  maxBinLength: Limits.maxMessageBytes,
  maxArrayLength: Limits.maxArrayLength,
  maxMapLength: 1024,
  maxExtLength: 0,
});

// One encoder whose working buffer grows once to the largest frame, instead of growing again for each
// message; `encode` still returns a fresh copy, safe to hand to a socket.
const encoder = new Encoder({ ignoreUndefined: true, initialBufferSize: 64 * 1024 });

/** Encodes a message for a socket (fresh buffer, `undefined` fields left out). */
export function encodeMessage(message: LinkMessage): Uint8Array {
  return encoder.encode(message);
}

/** A frame at least this large goes on the socket as it is, after its message's head (encodeMessageParts). */
export const TAIL_MIN_BYTES = 16 * 1024;

const EMPTY = new Uint8Array(0);

/** The message's frame bytes (a GameLink `frame`'s `data`, an AgentLink `observation`'s `frame.data`), moved to be its last field, and an empty stand-in. */
function splitTail(message: LinkMessage): { head: object; tail: Uint8Array } | undefined {
  if (message.type === 'frame' && message.data.byteLength >= TAIL_MIN_BYTES) {
    const { data, ...rest } = message;
    return { head: { ...rest, data: EMPTY }, tail: data };
  }
  if (message.type === 'observation' && message.frame.data.byteLength >= TAIL_MIN_BYTES) {
    const { frame, ...rest } = message;
    const { data, ...frameRest } = frame;
    return { head: { ...rest, frame: { ...frameRest, data: EMPTY } }, tail: data };
  }
  return undefined;
}

/**
 * Encodes a message as parts whose concatenation is one msgpack message, the same map `encodeMessage` makes
 * (its keys in another order): a large frame's bytes are the last part, the caller's own buffer, not a copy,
 * after a head that ends in their bin32 header. Sent as the fragments of one WebSocket message, a frame
 * crosses a hop without being copied into a new buffer; the peer reads an ordinary message. Other messages
 * are one part.
 */
export function encodeMessageParts(message: LinkMessage): Uint8Array[] {
  const split = splitTail(message);
  if (split === undefined) return [encoder.encode(message)];
  const head = encoder.encode(split.head);
  // The stand-in is the encoding's last field, so the encoding ends with its bin8 header of length 0.
  if (head[head.length - 2] !== 0xc4 || head[head.length - 1] !== 0x00) return [encoder.encode(message)];
  const n = split.tail.byteLength;
  const prefix = new Uint8Array(head.length + 3);
  prefix.set(head.subarray(0, head.length - 2));
  prefix.set([0xc6, n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff], head.length - 2);
  return [prefix, split.tail];
}

/** A zod discriminated union over `type`, with the list of types it knows. */
export interface MessageSchema<T> {
  readonly schema: z.ZodType<T>;
  readonly types: ReadonlySet<string>;
}

/** Builds a MessageSchema from a discriminated union of object schemas with a literal `type`. */
export function messageSchema<T>(union: z.ZodType<T> & { options: readonly { shape: { type: { value: unknown } } }[] }): MessageSchema<T> {
  const types = new Set(union.options.map((o) => String(o.shape.type.value)));
  return { schema: union, types };
}

/**
 * True when msgpack refused a container over its limit that the message's bytes could really hold. Truncated
 * bytes (a RangeError) and a length field claiming more than the message holds are corrupt, not too large.
 */
function isContainerOverLimit(err: unknown, byteLength: number): boolean {
  if (!(err instanceof Error) || err instanceof RangeError) return false;
  const claimed = /^Max length exceeded: .*?\((\d+)\) >/.exec(err.message);
  return claimed !== null && Number(claimed[1]) <= byteLength;
}

/** Top-level fields that carry a game's inputs: GameLink's `inputs` schedule and AgentLink's built `chunk`. */
const INPUT_FIELDS: ReadonlySet<PropertyKey> = new Set(['inputs', 'chunk']);

/** Containers a schema bounds by count: over the bound is a size limit (TOO_LARGE), not a value out of range. */
const CONTAINER_ORIGINS: ReadonlySet<string> = new Set(['array', 'set', 'map', 'file']);

/**
 * The code of a schema failure: TOO_LARGE only for a list over its count; a value out of its declared range
 * (a gamepad axis value of 1e9, a name of 129 characters) is BAD_INPUT inside a game's inputs and BAD_MESSAGE elsewhere.
 */
function schemaFailureCode(issue: z.core.$ZodIssue | undefined): ErrorCode {
  if (issue === undefined) return ErrorCode.BAD_MESSAGE;
  if (issue.code === 'too_big' && CONTAINER_ORIGINS.has(issue.origin)) return ErrorCode.TOO_LARGE;
  const ranged = issue.code === 'too_big' || issue.code === 'too_small';
  const inInputs = issue.path.length > 1 && INPUT_FIELDS.has(issue.path[0] ?? '');
  return ranged && inInputs ? ErrorCode.BAD_INPUT : ErrorCode.BAD_MESSAGE;
}

/**
 * Decodes one binary message: TOO_LARGE past `maxBytes`, a msgpack container limit or a list over its
 * schema's count, BAD_MESSAGE for bytes that are not msgpack (truncated ones included) or a message that
 * fails its schema, BAD_INPUT for an input value out of its range, UNKNOWN_TYPE for a `type` the link lacks.
 */
export function decodeMessage<T>(bytes: Uint8Array, spec: MessageSchema<T>, maxBytes: number = Limits.maxMessageBytes): T {
  if (bytes.byteLength > maxBytes) {
    throw new ArenaError(ErrorCode.TOO_LARGE, `message of ${bytes.byteLength} bytes exceeds ${maxBytes}`);
  }
  return checkDecoded(decodeRaw(bytes, bytes.byteLength), spec);
}

/**
 * Decodes one message that arrived as WebSocket fragments, as `decodeMessage` decodes their concatenation.
 * The two fragments `encodeMessageParts` makes of a large frame (a head ending in the frame's bin32 header,
 * then exactly its bytes) are decoded without joining them: the head is decoded with a one-byte stand-in
 * for the frame, which must be the head's last value, and the frame's field is then the second fragment
 * itself. Any other fragments are joined and decoded.
 */
export function decodeMessageParts<T>(parts: readonly Uint8Array[], spec: MessageSchema<T>, maxBytes: number = Limits.maxMessageBytes): T {
  if (parts.length === 1) return decodeMessage(parts[0]!, spec, maxBytes);
  const tail = parts.length === 2 ? parts[1]! : undefined;
  const head = parts[0]!;
  const n = head.length;
  const split = tail !== undefined && tail.byteLength >= TAIL_MIN_BYTES && n > 5 && head[n - 5] === 0xc6 && ((head[n - 4]! << 24) | (head[n - 3]! << 16) | (head[n - 2]! << 8) | head[n - 1]!) >>> 0 === tail.byteLength;
  if (!split) return decodeMessage(Buffer.concat(parts), spec, maxBytes);
  if (n + tail.byteLength > maxBytes) throw new ArenaError(ErrorCode.TOO_LARGE, `message of ${n + tail.byteLength} bytes exceeds ${maxBytes}`);
  const standIn = new Uint8Array(n - 2);
  standIn.set(head.subarray(0, n - 5));
  standIn.set([0xc4, 0x01, 0x00], n - 5);
  const raw = decodeRaw(standIn, n + tail.byteLength);
  // The stand-in is the frame's field only if the decoder read it at the head's end (a view of its last byte).
  const holder = typeof raw === 'object' && raw !== null ? frameHolder(raw) : undefined;
  const field = holder?.data;
  if (!(field instanceof Uint8Array) || field.buffer !== standIn.buffer || field.byteOffset !== standIn.byteOffset + standIn.length - 1 || field.length !== 1) {
    return decodeMessage(Buffer.concat(parts), spec, maxBytes);
  }
  holder!.data = tail;
  return checkDecoded(raw, spec);
}

/** The object whose `data` is a message's frame bytes: a GameLink `frame` itself, an AgentLink `observation`'s `frame`. */
function frameHolder(raw: object): { data?: unknown } | undefined {
  const type = 'type' in raw ? raw.type : undefined;
  if (type === 'frame') return raw;
  const inner = type === 'observation' && 'frame' in raw ? raw.frame : undefined;
  return typeof inner === 'object' && inner !== null ? inner : undefined;
}

/** The msgpack value of a message's bytes (`byteLength`: the whole message's, for the size-limit test). */
function decodeRaw(bytes: Uint8Array, byteLength: number): unknown {
  try {
    return decoder.decode(bytes);
  } catch (err) {
    const tooLarge = isContainerOverLimit(err, byteLength);
    throw new ArenaError(tooLarge ? ErrorCode.TOO_LARGE : ErrorCode.BAD_MESSAGE, `undecodable message: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** A decoded msgpack value checked as one of the link's messages: a map with a known `type` that passes its schema. */
function checkDecoded<T>(raw: unknown, spec: MessageSchema<T>): T {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !('type' in raw) || typeof raw.type !== 'string') {
    throw new ArenaError(ErrorCode.BAD_MESSAGE, 'a message must be a map with a string `type`');
  }
  if (!spec.types.has(raw.type)) {
    throw new ArenaError(ErrorCode.UNKNOWN_TYPE, `unknown message type '${raw.type.slice(0, Limits.maxNameLength)}'`);
  }
  const parsed = spec.schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '';
    const code = schemaFailureCode(issue);
    throw new ArenaError(code, `invalid '${raw.type}' message${where ? ` at ${where}` : ''}: ${issue?.message ?? 'schema mismatch'}`);
  }
  return parsed.data;
}
