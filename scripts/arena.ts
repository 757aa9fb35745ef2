/**
 * The `arena` command line. `arena help` lists the commands; docs/cli.md documents each with examples.
 */
import { agentsCommand } from './commands/agents.js';
import { gamesCommand } from './commands/games.js';
import { matchCommand } from './commands/match.js';
import { reportCommand } from './commands/report.js';
import { reportError, usage } from './cli-error.js';

const HELP = `arena: a real-time game gateway for VLM agents

usage: arena <command> [options]

commands:
  match       play one match (default: scripted agent on last_stand, pdq clock)
  games       list the games in the manifest (--json for the full entries)
  agents      list the agent kinds
  report      summarise finished runs: result, clock ledger, per-agent aggregates by condition (arena report runs/)
  replay      re-simulate a finished reference-game run and check it bit for bit (arena replay RUN --verify)
  video       a finished reference-game run's episode.mp4 with the decision panel (arena video RUN --fps 10)
  snapshot    a game's first frame as PNG; --all: a contact sheet of every game and variant
  bench       measure the frame path and match capacity (prints ratios)
  conformance check a game endpoint: --url ws://host:port (GameLink) or --remote-input host:port
  serve       the gateway as a service: HTTP API, AgentLink and a live web view (docs/serve.md); --remote-input PORT serves a reference game over UE5 RemoteInput
  remote-input-serve  serve a reference game over the UE5 RemoteInput TCP protocol (--game G --port 12345)
  curve       an Improvement Dynamics Curve: rounds of play and reflection, rollback, held-out transfer; --resume ID (docs/idc.md)
  transfer    held-out transfer for an existing curve: its best skill vs no skill on named variants (docs/idc.md)
  sweep       a sweep spec: games x agents x clocks x latencies x seeds, here or on workers (--redis); resumable (docs/sweeps.md)
  worker      play episodes from Redis for a pool of game hosts (arena worker --redis URL --pool P --slots N)
  boards      the LVLM-Playground tasks on a board: perceive, qa, rule, e2e (arena boards --help; docs/boards.md)
  tournament  every line-up of agents on one game, N episodes each; ratings with 95% intervals, resumable (docs/tournament.md)
  import      import omnigamearena PATH: a runner checkout's cold-start grid as match configs and build recipes (docs/omnigamearena.md)
  help        this text

examples:
  arena match
  arena match --game last_stand --agent random --clock lcrt --latency synthetic:300 --seed 7
  arena match --agent vlm --model my-model --base-url http://127.0.0.1:8000/v1
  arena match --config examples/match-pdq.json
  arena curve --game last_stand --agent vlm --model my-model --base-url http://127.0.0.1:8000/v1 --rounds 5 --episodes 3
  arena transfer --curve my-curve --variants ring,waves --episodes 3

See docs/cli.md for every option.
`;

type Command = (argv: string[]) => Promise<number>;

const commands: Record<string, Command> = {
  match: matchCommand,
  games: (argv) => gamesCommand({ json: argv.includes('--json') }),
  agents: () => agentsCommand(),
  report: reportCommand,
  replay: async (argv) => (await import('./commands/replay.js')).replayCommand(argv),
  video: async (argv) => (await import('./commands/video.js')).videoCommand(argv),
  snapshot: async (argv) => (await import('./commands/snapshot.js')).snapshotCommand(argv),
  bench: async (argv) => (await import('./commands/bench.js')).benchCommand(argv),
  conformance: async (argv) => (await import('./commands/conformance.js')).conformanceCommand(argv),
  serve: async (argv) => (await import('./commands/serve.js')).serveCommand(argv),
  'remote-input-serve': async (argv) => (await import('./commands/remote-input-serve.js')).remoteInputServeCommand(argv),
  curve: async (argv) => (await import('./commands/curve.js')).curveCommand(argv),
  transfer: async (argv) => (await import('./commands/transfer.js')).transferCommand(argv),
  tournament: async (argv) => (await import('./commands/tournament.js')).tournamentCommand(argv),
  sweep: async (argv) => (await import('./commands/sweep.js')).sweepCommand(argv),
  worker: async (argv) => (await import('./commands/worker.js')).workerCommand(argv),
  boards: async (argv) => (await import('./commands/boards.js')).boardsCommand(argv),
  import: async (argv) => (await import('./commands/import.js')).importCommand(argv),
  help: async () => {
    process.stdout.write(HELP);
    return 0;
  },
};

/** A child of `arena serve` (ARENA_EXIT_WITH_PARENT=1) stops as on Ctrl-C when the service dies and its stdin closes. */
function exitWithParent(): () => void {
  if (process.env.ARENA_EXIT_WITH_PARENT !== '1') return () => undefined;
  process.stdin.on('end', () => process.kill(process.pid, 'SIGINT'));
  process.stdin.on('error', () => undefined);
  process.stdin.resume();
  return () => process.stdin.destroy();
}

async function main(argv: string[]): Promise<number> {
  const [name = 'help', ...rest] = argv;
  if (name === '--help' || name === '-h') return commands.help!([]);
  const command = commands[name];
  if (!command) throw usage(`unknown command '${name}'; run 'arena help'`);
  return command(rest);
}

/** How long a finished command waits for handles a library left open (a reconnecting Redis client) before exiting. */
const EXIT_GRACE_MS = 3_000;

/** Sets the exit code and makes sure a finished command ends: an unref'd timer fires only if something is left. */
function finish(code: number): void {
  stopWatching();
  process.exitCode = code;
  setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
}

const stopWatching = exitWithParent();
main(process.argv.slice(2)).then(finish, (err: unknown) => finish(reportError(err)));
