/** `arena remote-input-serve`: a reference game over the UE5 RemoteInput protocol (scripts/cli/remote-input-game.ts). */
import type { CommandSpec } from '../cli/flags.js';
import { remoteInputServeCommand, remoteInputServeOptions } from '../cli/remote-input-game.js';

/** `arena remote-input-serve` in the command table. */
export const remoteInputServeCli: CommandSpec = {
  flags: remoteInputServeOptions,
  examples: [
    'arena remote-input-serve --game last_stand --port 12345',
    'arena remote-input-serve --game sky_duel --port 0 --paused --quiet',
    'arena remote-input-serve --game last_stand --port 12345 --axes LX,LY,RT --log-inputs',
    'arena remote-input-serve --game last_stand --port 0 --launch-delay 20000 --map-open-delay 3000',
  ],
  notes: ['Prints ARENA_READY {"ports":[...]} on stdout when listening, then runs until Ctrl-C or SIGTERM.'],
  run: remoteInputServeCommand,
};
