/**
 * Who may do what on the service: the main token may do everything; a match's read token may only watch that
 * match (inspect it, read its runs, spectate). Every refusal is logged as a JSON line with its code.
 */
import { appendFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { ArenaError, ErrorCode, sameToken } from '../protocol/index.js';

/** What a call needs: the main token (`admin`), or read access to one job (`read` with its id). */
export type Need = { readonly kind: 'admin' } | { readonly kind: 'read'; readonly jobId?: string };

/** One refused call, as written to the access log. */
export interface Refusal {
  readonly at: string;
  readonly code: string;
  readonly method: string;
  readonly path: string;
  readonly remote: string;
  readonly reason: string;
}

/** The token a request presents: `Authorization: Bearer T`, or `?token=T` (browsers' WebSockets cannot set headers). */
export function presentedToken(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return url.searchParams.get('token') ?? undefined;
}

/** The service's access rules and its refusal log. */
export class Access {
  /** Refusals since start, newest last (bounded). */
  readonly refusals: Refusal[] = [];

  constructor(
    private readonly mainToken: string,
    private readonly readTokenOf: (jobId: string) => string | undefined,
    private readonly logFile: string | undefined,
    private readonly log: (line: string) => void,
  ) {}

  /** Whether the request's token allows `need`, without logging anything (to choose what a reply shows). */
  allows(req: IncomingMessage, url: URL, need: Need): boolean {
    const token = presentedToken(req, url);
    if (token === undefined || token === '') return false;
    if (sameToken(token, this.mainToken)) return true;
    const readToken = need.kind === 'read' && need.jobId !== undefined ? this.readTokenOf(need.jobId) : undefined;
    return readToken !== undefined && sameToken(token, readToken);
  }

  /** Throws UNAUTHORIZED or FORBIDDEN (and logs it) unless `token` allows `need`. */
  check(req: IncomingMessage, url: URL, need: Need): void {
    const token = presentedToken(req, url);
    const refuse = (code: ErrorCode, reason: string): never => {
      const refusal: Refusal = { at: new Date().toISOString(), code, method: req.method ?? 'GET', path: url.pathname, remote: req.socket.remoteAddress ?? '', reason };
      this.refusals.push(refusal);
      if (this.refusals.length > 1000) this.refusals.shift();
      const line = JSON.stringify(refusal);
      if (this.logFile) appendFileSync(this.logFile, `${line}\n`);
      this.log(`refused: ${line}`);
      throw new ArenaError(code, reason);
    };
    if (token === undefined || token === '') return refuse(ErrorCode.UNAUTHORIZED, 'this call needs a token (Authorization: Bearer TOKEN)');
    if (sameToken(token, this.mainToken)) return;
    const readToken = need.kind === 'read' && need.jobId !== undefined ? this.readTokenOf(need.jobId) : undefined;
    if (readToken !== undefined && sameToken(token, readToken)) return;
    if (this.isSomeReadToken(token)) return refuse(ErrorCode.FORBIDDEN, need.kind === 'admin' ? 'a read token may only watch its match; this call needs the main token' : 'this read token belongs to another match');
    return refuse(ErrorCode.UNAUTHORIZED, 'unknown token');
  }

  /** Set by the service: whether a token is any job's read token (to tell FORBIDDEN from UNAUTHORIZED). */
  isSomeReadToken: (token: string) => boolean = () => false;
}
