/**
 * Where a game runs (`arena match --env URL`): the built-in reference version by default, a RemoteInput
 * build (`remote-input://HOST:PORT`, a UE5 build on a GPU machine), or any GameLink endpoint
 * (`ws://HOST:PORT`). The manifest entry still gives the rules, controls, prompt and variants.
 */
import { ArenaError, ErrorCode } from '../protocol/index.js';
import type { GameEntry } from './schema.js';
import { ue5Maps } from './ue5-maps.js';

export type Environment = { readonly kind: 'remote-input'; readonly host: string; readonly port: number } | { readonly kind: 'gamelink'; readonly url: string };

/** Parses an environment URL; BAD_CONFIG for anything else. */
export function parseEnvironment(text: string): Environment {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `'${text}' is not an environment URL; use remote-input://HOST:PORT or ws://HOST:PORT`);
  }
  if (url.protocol === 'remote-input:') {
    const port = Number(url.port || '12345');
    if (!url.hostname || !Number.isInteger(port) || port < 1 || port > 65535) throw new ArenaError(ErrorCode.BAD_CONFIG, `bad RemoteInput address '${text}'; use remote-input://HOST:PORT`);
    return { kind: 'remote-input', host: url.hostname.replace(/^\[|\]$/g, ''), port };
  }
  if (url.protocol === 'ws:' || url.protocol === 'wss:') return { kind: 'gamelink', url: url.href };
  throw new ArenaError(ErrorCode.BAD_CONFIG, `unknown environment '${url.protocol}//'; use remote-input://HOST:PORT or ws://HOST:PORT`);
}

/** The entry with its launch recipe pointed at `env`; a RemoteInput build gets the game's UE5 maps. */
export function entryAt(entry: GameEntry, env: Environment): GameEntry {
  if (env.kind === 'gamelink') return { ...entry, launch: { kind: 'remote', url: env.url } };
  const maps = ue5Maps(entry.id);
  return { ...entry, launch: { kind: 'remote-input', host: env.host, basePort: env.port, ...(Object.keys(maps).length > 0 ? { maps } : {}) } };
}

/** True for a `--game` that names a build by address rather than a manifest id. */
export function isEnvironmentUrl(text: string): boolean {
  return /^(remote-input|wss?):\/\//.test(text);
}

/**
 * An entry for a build the manifest does not know: one player, a generic keyboard-and-mouse control set,
 * progress from the build's own score, and a prompt that says as much.
 */
export function genericEntry(env: Environment): GameEntry {
  const generic: GameEntry = {
    id: 'unknown_build',
    name: 'Unknown game',
    regime: 'solo',
    view: 'third-person',
    summary: 'A game build the manifest does not describe, driven with a generic control set.',
    slots: [{ slot: 0, team: 0 }],
    controls: { keys: ['W', 'A', 'S', 'D', 'Space', 'LeftShift', 'E', 'F', 'Q', 'R'], buttons: ['LMB', 'RMB'], tapControls: ['E', 'F', 'Q', 'R'], mouseAxes: ['x', 'y'], maxLookDeg: 180, chunkSteps: 6, stepMs: 120, tapMs: 30 },
    frame: { width: 640, height: 360 },
    timeLimitMs: 300_000,
    stepBudget: 300,
    progress: "the build's own score, as it reports it",
    variants: [{ id: 'origin', heldOut: false, description: 'whatever the build has loaded' }],
    prompt: {
      rules: 'You are playing a game you have not been told about. Work out its goal from what you see and play as well as you can.',
      screen: 'Whatever the game shows: read any on-screen text, timers and bars.',
      controls: 'W/A/S/D move, Space jumps, LeftShift runs, E, F, Q and R are taps that may interact or use things, LMB and RMB are mouse buttons, and mouse X/Y turn the view.',
    },
    launch: { kind: 'remote', url: 'ws://127.0.0.1:1' },
  };
  return entryAt(generic, env);
}
