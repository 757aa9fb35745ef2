/**
 * A simulated GPU host's load times on any game backend: a map open (a reset onto another map than the last one)
 * waits `mapOpenMs` before the episode starts, as a UE5 build opening a level does. The launch delay is the
 * caller's (it waits before it serves). For simulated fleets (docs/fleet.md); the game itself is unchanged.
 */
import type { GameBackend, ResetOptions } from './backend.js';

/** `backend` with a delay on every reset that changes the map (the first reset opens one too). */
export function withMapOpenDelay(backend: GameBackend, mapOpenMs: number): GameBackend {
  if (mapOpenMs <= 0) return backend;
  let open: string | undefined;
  const reset = async (options: ResetOptions): Promise<void> => {
    if (options.variant !== open) await new Promise((r) => setTimeout(r, mapOpenMs));
    open = options.variant;
    return backend.reset(options);
  };
  return new Proxy(backend, {
    get(target, key) {
      if (key === 'reset') return reset;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Waits `ms` (a build's launch) before a server starts listening. */
export const launchDelay = (ms: number): Promise<void> => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
