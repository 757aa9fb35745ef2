/**
 * A GameLink endpoint's address with the gateway's wishes for the link in its query (docs/bridge.md):
 * `ws://HOST:PORT/?frames=png|rgb|jpeg&quality=N&max_side=N&token_file=PATH`. These are read here and taken
 * off the address; anything else in it is dialled as given. Without `frames`, a link off this machine carries
 * PNG (lossless, decoded back to raw here) so raw RGB never crosses a network unless asked.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ArenaError, ErrorCode, FrameEncoding, type LinkFrames, formatIssues } from '../protocol/index.js';

/** Where the token comes from when the address names no file. */
export const BRIDGE_TOKEN_FILE_ENV = 'ARENA_BRIDGE_TOKEN_FILE';

const Wishes = z.strictObject({
  frames: FrameEncoding.optional(),
  quality: z.coerce.number().int().min(1).max(100).optional(),
  max_side: z.coerce.number().int().min(16).max(8192).optional(),
  token_file: z.string().min(1).optional(),
});

/** The address to dial and what to ask for on the link. */
export interface BridgeLink {
  readonly url: string;
  readonly token?: string;
  readonly frames?: LinkFrames;
}

const KEYS = ['frames', 'quality', 'max_side', 'token_file'] as const;

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || host === '::1' || host.startsWith('127.');
}

/** Reads a token file: its first line, trimmed; BAD_CONFIG if it is missing or empty. */
export function readTokenFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `cannot read the token file ${path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const token = text.split('\n')[0]!.trim();
  if (token.length < 16) throw new ArenaError(ErrorCode.BAD_CONFIG, `the token in ${path} is shorter than 16 characters`);
  return token;
}

/** Splits an endpoint address into the URL to dial and the link's wishes. */
export function bridgeLink(address: string, env: NodeJS.ProcessEnv = process.env): BridgeLink {
  const url = new URL(address);
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = url.searchParams.get(key);
    if (value !== null) raw[key] = value;
    url.searchParams.delete(key);
  }
  const parsed = Wishes.safeParse(raw);
  if (!parsed.success) throw new ArenaError(ErrorCode.BAD_CONFIG, `bad link options in ${address}: ${formatIssues(parsed.error)}`);
  const wishes = parsed.data;
  const tokenFile = wishes.token_file ?? env[BRIDGE_TOKEN_FILE_ENV];
  const encoding = wishes.frames ?? (isLoopbackHost(url.hostname) ? undefined : 'png');
  const frames: LinkFrames | undefined =
    encoding === undefined && wishes.max_side === undefined
      ? undefined
      : { encoding: encoding ?? 'rgb', ...(wishes.quality === undefined ? {} : { quality: wishes.quality }), ...(wishes.max_side === undefined ? {} : { maxSide: wishes.max_side }) };
  return { url: url.href, ...(tokenFile ? { token: readTokenFile(tokenFile) } : {}), ...(frames ? { frames } : {}) };
}
