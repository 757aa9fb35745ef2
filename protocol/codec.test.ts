import { encode } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { AgentMessage } from './agent-link.js';
import { ArenaError } from './errors.js';
import { ClientMessage, GameMessage } from './game-link.js';
import { decodeMessage, encodeMessage, messageSchema, type LinkMessage } from './codec.js';
import { Limits } from './limits.js';

const spec = messageSchema(ClientMessage);

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ArenaError) return err.code;
    throw err;
  }
  throw new Error('did not throw');
}

describe('decodeMessage', () => {
  it('round-trips a valid message', () => {
    const msg: ClientMessage = { type: 'advance', id: 3, ms: 120, inputs: [{ type: 'key', at: 0, slot: 0, key: 'W', down: true }], frames: [0] };
    expect(decodeMessage(encodeMessage(msg), spec)).toEqual(msg);
  });

  it('rejects bytes that are not msgpack with BAD_MESSAGE', () => {
    expect(codeOf(() => decodeMessage(new Uint8Array([0xc1, 0xff, 0x00]), spec))).toBe('BAD_MESSAGE');
  });

  it('rejects truncated msgpack with BAD_MESSAGE, not TOO_LARGE', () => {
    const whole = encodeMessage({ type: 'advance', id: 3, ms: 120, inputs: [{ type: 'key', at: 0, slot: 0, key: 'W', down: true }], frames: [0] });
    for (let cut = 1; cut < whole.byteLength; cut++) expect(codeOf(() => decodeMessage(whole.subarray(0, cut), spec))).toBe('BAD_MESSAGE');
    expect(codeOf(() => decodeMessage(new Uint8Array([0xdb, 0xff, 0xff, 0xff, 0x00]), spec))).toBe('BAD_MESSAGE');
  });

  it('rejects a message that is not a map with a type with BAD_MESSAGE', () => {
    expect(codeOf(() => decodeMessage(encode([1, 2, 3]), spec))).toBe('BAD_MESSAGE');
    expect(codeOf(() => decodeMessage(encode({ id: 1 }), spec))).toBe('BAD_MESSAGE');
  });

  it('rejects an unknown type with UNKNOWN_TYPE', () => {
    expect(codeOf(() => decodeMessage(encode({ type: 'teleport', id: 1 }), spec))).toBe('UNKNOWN_TYPE');
  });

  it('rejects a known type with a bad field with BAD_MESSAGE', () => {
    expect(codeOf(() => decodeMessage(encode({ type: 'advance', id: 1, ms: -5, inputs: [], frames: [] }), spec))).toBe('BAD_MESSAGE');
    expect(codeOf(() => decodeMessage(encode({ type: 'advance', id: 1, ms: 5, inputs: [], frames: [], extra: 1 }), spec))).toBe('BAD_MESSAGE');
  });

  it('rejects a message over the byte limit with TOO_LARGE', () => {
    const bytes = encodeMessage({ type: 'bye', reason: 'x'.repeat(2000) });
    expect(codeOf(() => decodeMessage(bytes, spec, 1000))).toBe('TOO_LARGE');
  });

  it('rejects a string over the msgpack string limit with TOO_LARGE', () => {
    const bytes = encode({ type: 'bye', reason: 'x'.repeat(Limits.maxTextLength + 1) });
    expect(codeOf(() => decodeMessage(bytes, spec, Limits.maxMessageBytes))).toBe('TOO_LARGE');
  });

  it('rejects a field over its schema limit with TOO_LARGE', () => {
    const inputs = Array.from({ length: Limits.maxInputEvents + 1 }, () => ({ type: 'key', at: 0, slot: 0, key: 'W', down: true }));
    expect(codeOf(() => decodeMessage(encode({ type: 'advance', id: 1, ms: 10, inputs, frames: [] }), spec))).toBe('TOO_LARGE');
  });

  it('rejects a name over its length limit with BAD_MESSAGE, not TOO_LARGE: a value out of range, not a message over the size limit', () => {
    expect(codeOf(() => decodeMessage(encode({ type: 'hello', version: 1, client: 'c'.repeat(Limits.maxNameLength + 1), privileged: false }), spec))).toBe('BAD_MESSAGE');
  });

  it('rejects an input value out of its range (a gamepad axis at 5, a time past the longest advance) with BAD_INPUT', () => {
    const inputs = [{ type: 'axis', at: 0, slot: 0, axis: 'LX', value: 5 }];
    expect(codeOf(() => decodeMessage(encode({ type: 'advance', id: 1, ms: 10, inputs, frames: [] }), spec))).toBe('BAD_INPUT');
    const late = [{ type: 'key', at: Limits.maxAdvanceMs + 1, slot: 0, key: 'W', down: true }];
    expect(codeOf(() => decodeMessage(encode({ type: 'advance', id: 1, ms: 10, inputs: late, frames: [] }), spec))).toBe('BAD_INPUT');
  });

  it('rejects an AgentLink agent name of 129 characters with BAD_MESSAGE, not TOO_LARGE', () => {
    const hello = { type: 'hello', version: 1, token: 't'.repeat(32), agent: 'a'.repeat(Limits.maxNameLength + 1) };
    expect(codeOf(() => decodeMessage(encode(hello), messageSchema(AgentMessage)))).toBe('BAD_MESSAGE');
  });

  it('rejects a control name of 129 characters in an AgentLink chunk with BAD_INPUT', () => {
    const action = { type: 'action', step: 0, chunk: { look: [0, 0], steps: [['W'.repeat(Limits.maxNameLength + 1)]] } };
    expect(codeOf(() => decodeMessage(encode(action), messageSchema(AgentMessage)))).toBe('BAD_INPUT');
  });

  it('leaves undefined fields out when encoding', () => {
    expect(decodeMessage(encodeMessage({ type: 'pause', id: 1, note: undefined } as unknown as LinkMessage), spec)).toEqual({ type: 'pause', id: 1 });
  });
});

describe('wire error codes', () => {
  const gameSpec = messageSchema(GameMessage);

  it('takes an error message whose code is one of the error codes', () => {
    expect(decodeMessage(encode({ type: 'error', id: 2, code: 'BAD_INPUT', message: 'no' }), gameSpec)).toEqual({ type: 'error', id: 2, code: 'BAD_INPUT', message: 'no' });
  });

  it('refuses an error message with a code outside the error codes as BAD_MESSAGE', () => {
    expect(codeOf(() => decodeMessage(encode({ type: 'error', id: 2, code: 'NOT_A_CODE', message: 'no' }), gameSpec))).toBe('BAD_MESSAGE');
  });
});
