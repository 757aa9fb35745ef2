/** Small HTTP helpers for the service: JSON bodies with a size limit, JSON replies, coded error replies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ArenaError, ErrorCode, toArenaError } from '../protocol/index.js';

/** Largest request body the API reads, bytes. */
export const MAX_BODY_BYTES = 1 << 20;

/** Reads a JSON body; TOO_LARGE past {@link MAX_BODY_BYTES}, BAD_MESSAGE when it is not JSON. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ArenaError(ErrorCode.TOO_LARGE, `request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new ArenaError(ErrorCode.BAD_MESSAGE, 'the request body is not JSON');
  }
}

/** The HTTP status of an error code. */
export function statusOf(code: string): number {
  switch (code) {
    case ErrorCode.UNAUTHORIZED:
      return 401;
    case ErrorCode.FORBIDDEN:
      return 403;
    case ErrorCode.NOT_FOUND:
    case ErrorCode.UNKNOWN_MATCH:
      return 404;
    case ErrorCode.BAD_STATE:
      return 409;
    case ErrorCode.TOO_LARGE:
      return 413;
    case ErrorCode.INTERNAL:
      return 500;
    default:
      return 400;
  }
}

/** Replies with a JSON body and no caching. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Replies `{ error: { code, message } }` with the code's status; no stack traces. */
export function sendError(res: ServerResponse, err: unknown): void {
  const e = toArenaError(err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, statusOf(e.code), { error: { code: e.code, message: e.message } });
}
