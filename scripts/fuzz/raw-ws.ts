/**
 * A WebSocket peer that does the opening handshake by hand over a net.Socket and then writes whatever bytes
 * a test wants: frames no real client would send (unmasked, reserved opcodes, lying lengths...). It reads
 * the server's frames back far enough to report the close code.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** One raw connection after a successful (101) handshake. */
export interface RawWs {
  readonly socket: Socket;
  write(bytes: Uint8Array): void;
  /** Resolves when the server closed: with its close frame's code, or undefined when it only cut the socket. */
  readonly closed: Promise<number | undefined>;
  /** Calls `listener` with the payload of every binary message the server sends from now on (fragments joined). */
  onMessage(listener: (payload: Buffer) => void): void;
  destroy(): void;
}

/** Opens a TCP connection, upgrades it at `path`, and resolves once the server answered 101. */
export async function rawWs(port: number, path = '/'): Promise<RawWs> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const key = randomBytes(16).toString('base64');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  let buf = Buffer.alloc(0);
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      buf = Buffer.concat([buf, chunk]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const status = buf.subarray(0, buf.indexOf('\r\n')).toString();
      buf = buf.subarray(end + 4);
      if (/^HTTP\/1\.1 101/.test(status)) resolve();
      else reject(new Error(`handshake refused: ${status}`));
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('closed during the handshake')));
  });
  let code: number | undefined;
  const listeners: ((payload: Buffer) => void)[] = [];
  // A binary message in fragments (a first frame without FIN, continuations 0x0 up to one with FIN) is delivered whole.
  let fragments: Buffer[] | undefined;
  const scan = (): void => {
    // Server frames are unmasked: [FIN|op, len, (ext len), payload].
    while (buf.length >= 2) {
      const fin = (buf[0]! & 0x80) !== 0;
      const op = buf[0]! & 0x0f;
      let len = buf[1]! & 0x7f;
      let off = 2;
      if (len === 126) {
        if (buf.length < 4) return;
        len = buf.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (buf.length < 10) return;
        len = Number(buf.readBigUInt64BE(2));
        off = 10;
      }
      if (buf.length < off + len) return;
      if (op === 0x8 && code === undefined) code = len >= 2 ? buf.readUInt16BE(off) : 1005;
      const payload = buf.subarray(off, off + len);
      if (op === 0x2 && fin) for (const l of listeners) l(payload);
      else if (op === 0x2) fragments = [payload];
      else if (op === 0x0 && fragments !== undefined) {
        fragments.push(payload);
        if (fin) {
          const whole = Buffer.concat(fragments);
          fragments = undefined;
          for (const l of listeners) l(whole);
        }
      }
      buf = buf.subarray(off + len);
    }
  };
  scan();
  socket.on('data', (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    scan();
  });
  const closed = new Promise<number | undefined>((resolve) => socket.once('close', () => resolve(code)));
  return { socket, write: (bytes) => socket.write(bytes), closed, destroy: () => socket.destroy(), onMessage: (l) => void listeners.push(l) };
}

/** Options of one hand-built frame. */
export interface FrameParts {
  readonly opcode: number;
  readonly payload: Uint8Array;
  readonly fin?: boolean;
  /** Mask the payload, as a client must (default true). */
  readonly masked?: boolean;
  /** RSV1-3 bits, 0-7. */
  readonly rsv?: number;
  /** A length field other than the payload's real length (a lie). */
  readonly claimedLength?: bigint;
}

/** Builds one frame as a client would write it, or as a hostile one would. */
export function frame(parts: FrameParts): Buffer {
  const masked = parts.masked ?? true;
  const length = parts.claimedLength ?? BigInt(parts.payload.length);
  const head = [((parts.fin ?? true) ? 0x80 : 0) | ((parts.rsv ?? 0) << 4) | (parts.opcode & 0x0f)];
  const maskBit = masked ? 0x80 : 0;
  let ext = Buffer.alloc(0);
  if (length < 126n) head.push(maskBit | Number(length));
  else if (length < 65536n) {
    head.push(maskBit | 126);
    ext = Buffer.alloc(2);
    ext.writeUInt16BE(Number(length));
  } else {
    head.push(maskBit | 127);
    ext = Buffer.alloc(8);
    ext.writeBigUInt64BE(length);
  }
  const mask = masked ? randomBytes(4) : Buffer.alloc(0);
  const body = Buffer.from(parts.payload);
  if (masked) for (let i = 0; i < body.length; i++) body[i]! ^= mask[i % 4]!;
  return Buffer.concat([Buffer.from(head), ext, mask, body]);
}

/** A protocol violation and the close code RFC 6455 (and `ws`) answer it with. */
export interface Violation {
  readonly name: string;
  readonly bytes: Buffer;
  /** The close code the server must send; undefined where it may only cut the socket. */
  readonly code: number;
}

const text = (s: string): Uint8Array => Buffer.from(s);
const closePayload = (code: number, reason: Uint8Array = new Uint8Array(0)): Uint8Array => {
  const b = Buffer.alloc(2 + reason.length);
  b.writeUInt16BE(code);
  Buffer.from(reason).copy(b, 2);
  return b;
};

/** Every kind of raw violation the fuzz suite sends, each with its documented close code. */
export function violations(maxPayload: number): Violation[] {
  const badUtf8 = new Uint8Array([0x7b, 0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x28, 0x8c, 0x28]);
  return [
    { name: 'unmasked frame', bytes: frame({ opcode: 0x2, payload: text('x'), masked: false }), code: 1002 },
    ...[0x3, 0x4, 0x5, 0x6, 0x7, 0xb, 0xc, 0xd, 0xe, 0xf].map((op) => ({ name: `reserved opcode 0x${op.toString(16)}`, bytes: frame({ opcode: op, payload: text('x') }), code: 1002 })),
    ...[1, 2, 4, 3, 7].map((rsv) => ({ name: `RSV bits ${rsv}`, bytes: frame({ opcode: 0x2, payload: text('x'), rsv }), code: 1002 })),
    { name: 'bad UTF-8 text', bytes: frame({ opcode: 0x1, payload: badUtf8 }), code: 1007 },
    { name: 'bad UTF-8 close reason', bytes: frame({ opcode: 0x8, payload: closePayload(1000, badUtf8) }), code: 1007 },
    { name: 'invalid close code', bytes: frame({ opcode: 0x8, payload: closePayload(999) }), code: 1002 },
    { name: 'one-byte close payload', bytes: frame({ opcode: 0x8, payload: new Uint8Array([3]) }), code: 1002 },
    { name: 'oversized length', bytes: frame({ opcode: 0x2, payload: new Uint8Array(0), claimedLength: BigInt(maxPayload) + 1n }), code: 1009 },
    { name: '64-bit length past 2^53', bytes: frame({ opcode: 0x2, payload: new Uint8Array(0), claimedLength: 1n << 60n }), code: 1009 },
    { name: 'fragmented ping', bytes: frame({ opcode: 0x9, payload: text('p'), fin: false }), code: 1002 },
    { name: 'control frame over 125 bytes', bytes: frame({ opcode: 0x9, payload: new Uint8Array(126) }), code: 1002 },
    { name: 'continuation without a start', bytes: frame({ opcode: 0x0, payload: text('x') }), code: 1002 },
    {
      name: 'new message inside a fragmented one',
      bytes: Buffer.concat([frame({ opcode: 0x2, payload: text('a'), fin: false }), frame({ opcode: 0x2, payload: text('b') })]),
      code: 1002,
    },
  ];
}
