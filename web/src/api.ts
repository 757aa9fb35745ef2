/**
 * The service's API from the page: the token (from `#token=...` once, then kept in localStorage), JSON calls,
 * file URLs that carry the token, and spectator streams with their binary frame messages.
 */
import type { SpectatorFrameHeader } from '../../protocol/index.js';

const KEY = 'arena-serve-token';

/** Takes a token from the address (`#token=T` or `?token=T`) into storage, and returns the stored token. */
export function token(): string {
  const hash = /[#&]token=([^&]+)/.exec(location.hash);
  const query = new URLSearchParams(location.search).get('token');
  const given = hash?.[1] ?? query;
  if (given) {
    localStorage.setItem(KEY, decodeURIComponent(given));
    if (hash) location.hash = '#/';
  }
  return localStorage.getItem(KEY) ?? '';
}

/** GET or POST a JSON API path; throws the API's `CODE: message` on an error reply. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, { ...init, headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const body = (await res.json()) as T & { error?: { code: string; message: string } };
  if (!res.ok) throw new Error(`${body.error?.code ?? res.status}: ${body.error?.message ?? res.statusText}`);
  return body;
}

/** A URL for an <img> or <video>: the path with the token in its query. */
export function fileUrl(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token())}`;
}

/** The header of a binary frame message from a spectator stream. */
export type FrameHeader = SpectatorFrameHeader;

/** A text message from a spectator stream (decision, ledger, progress, event, gap, end, error). */
export type StreamMessage = { readonly type: string } & Record<string, unknown>;

/** Opens a job's spectator stream at a profile; frames and messages go to the callbacks. Returns a closer. */
export function spectate(plural: string, id: string, profile: { width: number; quality: number; fps: number }, on: { frame?: (h: FrameHeader, jpeg: Blob) => void; message?: (m: StreamMessage) => void; closed?: (code: number) => void }): () => void {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const q = new URLSearchParams({ token: token(), width: String(profile.width), quality: String(profile.quality), fps: String(profile.fps) });
  const ws = new WebSocket(`${proto}://${location.host}/api/${plural}/${encodeURIComponent(id)}/stream?${q}`);
  ws.binaryType = 'arraybuffer';
  ws.onmessage = (ev: MessageEvent<ArrayBuffer | string>) => {
    if (typeof ev.data === 'string') {
      on.message?.(JSON.parse(ev.data) as StreamMessage);
      return;
    }
    const view = new DataView(ev.data);
    const len = view.getUint32(0);
    const header = JSON.parse(new TextDecoder().decode(new Uint8Array(ev.data, 4, len))) as FrameHeader;
    on.frame?.(header, new Blob([new Uint8Array(ev.data, 4 + len)], { type: 'image/jpeg' }));
  };
  ws.onclose = (ev) => on.closed?.(ev.code);
  return () => ws.close();
}

/** A job as the API lists it. */
export interface Job {
  readonly id: string;
  readonly kind: string;
  readonly status: string;
  readonly createdAt: string;
  readonly config: Record<string, unknown>;
  readonly runId?: string;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: string; message: string };
}
