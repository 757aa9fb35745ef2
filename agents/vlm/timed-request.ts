/**
 * A `fetch` of our own for provider calls that must be timed stage by stage: every request opens a fresh
 * connection (HTTP/1.1, `Connection: close`) and measures the TCP connect, the TLS handshake, sending the
 * request, the wait from the last byte sent to the first byte back, and the rest of the response. The
 * `ttfb_minus_tcp` latency source charges the first-byte wait less the connect (which stands for one round
 * trip). The whole response is read before it resolves, so it serves plain (non-streamed) completions.
 */
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { HttpTimings } from '../../protocol/index.js';

const timingsOf = new WeakMap<Response, HttpTimings>();

/** The stage timings of a response `timedFetch` returned; undefined for any other response. */
export function httpTimingsOf(response: Response): HttpTimings | undefined {
  return timingsOf.get(response);
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

/** Request headers as pairs, without the ones the request writes itself. */
function headerPairs(headers: RequestInit['headers']): [string, string][] {
  const own = new Set(['host', 'connection', 'content-length', 'accept-encoding', 'transfer-encoding']);
  return [...new Headers(headers).entries()].filter(([k]) => !own.has(k.toLowerCase()));
}

function bodyBytes(body: RequestInit['body']): Buffer {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError('timed request: the body must be a string or bytes');
}

/** Undoes `Transfer-Encoding: chunked`. */
function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let i = 0;
  while (i < data.length) {
    const eol = data.indexOf('\r\n', i);
    if (eol < 0) break;
    const size = parseInt(data.subarray(i, eol).toString('latin1').split(';', 1)[0]!.trim(), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    i = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decoded(body: Buffer, encoding: string | null): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/** Parses a whole HTTP/1.1 response into a `Response`. */
function responseOf(raw: Buffer): Response {
  const sep = raw.indexOf('\r\n\r\n');
  if (sep < 0) throw new TypeError('timed request: the response has no header end');
  const [statusLine = '', ...lines] = raw.subarray(0, sep).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  if (!Number.isInteger(status) || status < 200 || status > 599) throw new TypeError(`timed request: bad status line '${statusLine.slice(0, 80)}'`);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  let body = raw.subarray(sep + 4);
  if ((headers.get('transfer-encoding') ?? '').toLowerCase().includes('chunked')) body = unchunk(body);
  body = decoded(body, headers.get('content-encoding'));
  headers.delete('content-encoding');
  headers.delete('transfer-encoding');
  headers.delete('content-length');
  return new Response(status === 204 || status === 304 ? null : body, { status, headers });
}

/** `fetch` with stage timings: a fresh connection per request, the whole response read before it resolves. */
export function timedFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new TypeError(`timed request: not an http(s) URL: ${url.href}`));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const body = bodyBytes(init.body);
  const head = [`${init.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, ...headerPairs(init.headers).map(([k, v]) => `${k}: ${v}`), 'Connection: close', `Content-Length: ${body.length}`].join('\r\n');
  const request = Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), body]);
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    const t0 = performance.now();
    let tTcp = 0;
    let tTls = 0;
    let tSent = 0;
    let tFirst = 0;
    const chunks: Buffer[] = [];
    let settled = false;
    let socket: Socket = netConnect({ host, port });
    const finish = (err: unknown, response?: Response): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (response) resolve(response);
      else reject(err instanceof Error ? new TypeError(`fetch failed: ${err.message}`, { cause: err }) : new TypeError('fetch failed'));
    };
    function onAbort(): void {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError'));
    }
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const send = (): void => {
      socket.write(request, () => {
        tSent = performance.now();
      });
    };
    const read = (s: Socket): void => {
      s.on('data', (chunk: Buffer) => {
        if (tFirst === 0) tFirst = performance.now();
        chunks.push(chunk);
      });
      s.on('end', () => {
        const tEnd = performance.now();
        if (tFirst === 0) return finish(new Error('the connection closed before any response byte'));
        let response: Response;
        try {
          response = responseOf(Buffer.concat(chunks));
        } catch (err) {
          return finish(err);
        }
        // A first byte can beat the write callback on loopback: the send ends where the first byte came at the latest.
        const sent = tSent === 0 || tSent > tFirst ? tFirst : tSent;
        timingsOf.set(response, {
          tcpMs: round(tTcp - t0),
          tlsMs: round(tTls - tTcp),
          sendMs: round(sent - tTls),
          ttfbMs: round(tFirst - sent),
          downloadMs: round(tEnd - tFirst),
          wallMs: round(tEnd - t0),
        });
        finish(undefined, response);
      });
      s.on('error', (err) => finish(err));
    };
    socket.once('error', (err) => finish(err));
    socket.once('connect', () => {
      tTcp = performance.now();
      if (url.protocol === 'http:') {
        tTls = tTcp;
        read(socket);
        send();
        return;
      }
      const secure = tlsConnect({ socket, servername: host });
      socket = secure;
      secure.once('secureConnect', () => {
        tTls = performance.now();
        send();
      });
      read(secure);
    });
  });
}
