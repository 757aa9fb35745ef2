/**
 * `arena serve`: serves games to clients that are not the gateway; a mode flag says how. `--remote-input PORT`
 * serves a reference game over the UE5 RemoteInput protocol (the same as `arena remote-input-serve --port
 * PORT`), so a harness written for the benchmark's UE5 builds drives our games unchanged.
 */
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { remoteInputServeCommand, remoteInputServeOptions } from './remote-input-serve.js';

const { port: _port, ...rest } = remoteInputServeOptions;

/** `arena serve`'s flags: one per mode, then the settings of the game served. */
export const serveOptions = {
  'remote-input': { type: 'string', kind: 'integer', arg: 'PORT', description: "mode: a reference game over the UE5 RemoteInput protocol, player 1 on PORT (docs/remote-input.md)" },
  ...rest,
} as const satisfies FlagTable;

/** The modes `arena serve` knows: each is a flag of serveOptions, and what it serves. */
export const SERVE_MODES = [{ flag: 'remote-input', serves: 'a reference game over the UE5 RemoteInput TCP protocol (docs/remote-input.md)' }] as const;

export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('serve', serveOptions, argv);
  const port = values['remote-input'];
  if (port === undefined) {
    const modes = SERVE_MODES.map((m) => `--${m.flag} ${serveOptions[m.flag].arg}, ${m.serves}`).join('; ');
    throw usage(`arena serve needs a mode: ${modes}; see arena serve --help`);
  }
  const at = argv.findIndex((a) => a === '--remote-input' || a.startsWith('--remote-input='));
  return remoteInputServeCommand([...argv.slice(0, at), ...argv.slice(at + (argv[at]!.includes('=') ? 1 : 2)), '--port', port]);
}

/** `arena serve` in the command table. */
export const serveCli: CommandSpec = {
  flags: serveOptions,
  examples: ['arena serve --remote-input 12345 --game last_stand', 'arena serve --remote-input 0 --game sky_duel --paused --quiet'],
  notes: [`Modes: ${SERVE_MODES.map((m) => `--${m.flag}: ${m.serves}`).join('; ')}.`],
  run: serveCommand,
};
