/**
 * Every `arena` command: its name, one-line summary and where its spec lives (loaded on demand, so a command
 * pays only for its own imports; `match`'s help is apart from its run, so `arena match --help` loads no match). `arena help` lists this table; the CLI test walks it, so a new command here
 * is covered by the help and flag tests without more work.
 */
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec } from './flags.js';
import { commandHelp, mainHelp } from './help.js';
import { suggest } from '../../protocol/suggest.js';

/** One command of the table. */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  readonly load: () => Promise<CommandSpec>;
}

/** The commands, in the order `arena help` lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'match', summary: 'play one match (default: scripted agent on last_stand, pdq clock)', load: async () => ({ ...(await import('../commands/match-spec.js')).matchSpec, run: async (argv) => (await import('../commands/match.js')).matchCommand(argv) }) },
  { name: 'games', summary: 'list the games in the manifest (--json for the full entries)', load: async () => (await import('../commands/games.js')).gamesCli },
  { name: 'agents', summary: 'list the agent kinds', load: async () => (await import('../commands/agents.js')).agentsCli },
  { name: 'report', summary: 'summarise finished runs: result, clock ledger, per-agent aggregates by condition (arena report runs/); a sweep folder: its tables and plots', load: async () => (await import('../commands/report.js')).reportCli },
  { name: 'replay', summary: 're-simulate a finished reference-game run and check it bit for bit (arena replay RUN --verify)', load: async () => (await import('../commands/replay.js')).replayCli },
  { name: 'video', summary: "a finished reference-game run's episode.mp4 with the decision panel (arena video RUN --fps 10)", load: async () => (await import('../commands/video.js')).videoCli },
  { name: 'snapshot', summary: "a game's first frame as PNG; --all: a contact sheet of every game and variant", load: async () => (await import('../commands/snapshot.js')).snapshotCli },
  { name: 'audit', summary: "check the gateway's invariants on your setup: lcrt at 0 ms is pdq, lcrt charges exactly, runs replay, a worker and a bridge play alike (docs/audit.md)", load: async () => (await import('../commands/audit.js')).auditCli },
  { name: 'bench', summary: 'measure the frame path and match capacity (prints ratios)', load: async () => (await import('../commands/bench.js')).benchCli },
  { name: 'conformance', summary: 'check a game endpoint: --url ws://host:port (GameLink) or --remote-input host:port', load: async () => (await import('../commands/conformance.js')).conformanceCli },
  { name: 'serve', summary: 'the gateway as a service: HTTP API, AgentLink and a live web view (docs/serve.md); --remote-input PORT serves a reference game over UE5 RemoteInput', load: async () => (await import('../commands/serve.js')).serveCli },
  { name: 'bridge', summary: 'serve a game on this machine to a gateway elsewhere: --game G | --remote-input HOST:PORT | --desktop G, --listen or --dial, token, TLS (docs/bridge.md)', load: async () => (await import('../commands/bridge.js')).bridgeCli },
  { name: 'remote-input-serve', summary: 'serve a reference game over the UE5 RemoteInput TCP protocol (--game G --port 12345)', load: async () => (await import('../commands/remote-input-serve.js')).remoteInputServeCli },
  { name: 'curve', summary: 'an Improvement Dynamics Curve: rounds of play and reflection, rollback, held-out transfer; --resume ID (docs/idc.md)', load: async () => (await import('../commands/curve.js')).curveCli },
  { name: 'transfer', summary: 'held-out transfer for an existing curve: its best skill vs no skill on named variants (docs/idc.md)', load: async () => (await import('../commands/transfer.js')).transferCli },
  { name: 'sweep', summary: 'a sweep spec: games x agents x clocks x latencies x seeds, here or on workers (--redis); resumable (docs/sweeps.md)', load: async () => (await import('../commands/sweep.js')).sweepCli },
  { name: 'worker', summary: 'play episodes from Redis for a pool of game hosts (arena worker --redis URL --pool P --slots N)', load: async () => (await import('../commands/worker.js')).workerCli },
  { name: 'boards', summary: 'the LVLM-Playground tasks on a board: perceive, qa, rule, e2e (docs/boards.md)', load: async () => (await import('../commands/boards.js')).boardsCli },
  { name: 'cases', summary: 'Video-Arena golden sets: build one from finished runs (video-arena), run a model on one (native or agentic protocol), score the results (docs/perception.md)', load: async () => (await import('../commands/cases.js')).casesCli },
  { name: 'tournament', summary: 'every line-up of agents on one game, N episodes each; ratings with 95% intervals, resumable (docs/tournament.md)', load: async () => (await import('../commands/tournament.js')).tournamentCli },
  { name: 'import', summary: "import omnigamearena PATH: a runner checkout's cold-start grid as match configs and build recipes (docs/omnigamearena.md)", load: async () => (await import('../commands/import.js')).importCli },
  { name: 'watch', summary: 'a model watches a live match: TRACE QA and proactive tasks at a declared frame rate and history policy (docs/perception.md)', load: async () => (await import('../commands/watch.js')).watchCli },
  { name: 'help', summary: 'list the commands (arena <command> --help for one command)', load: async () => helpCli },
];

/** The entry named `name`; BAD_CONFIG with the nearest command name otherwise. */
export function findCommand(name: string): CommandEntry {
  const entry = COMMANDS.find((c) => c.name === name);
  if (entry) return entry;
  const near = suggest(name, COMMANDS.map((c) => c.name));
  throw usage(`unknown command '${name}'${near ? `; did you mean '${near}'?` : ''} (arena help lists the commands)`);
}

/** The help text of one command. */
export async function helpOf(entry: CommandEntry): Promise<string> {
  return commandHelp(entry.name, entry.summary, await entry.load());
}

/** `arena help [COMMAND]`: the command list, or one command's help. */
const helpCli: CommandSpec = {
  flags: {},
  operands: { name: '[COMMAND]', description: 'a command to describe (the same as arena COMMAND --help)' },
  examples: ['arena help', 'arena help match'],
  run: async (argv) => {
    const { operands } = parseFlags('help', {}, argv, true);
    if (operands.length > 1) throw usage('arena help takes at most one command name');
    process.stdout.write(operands[0] === undefined ? mainHelp(COMMANDS) : await helpOf(findCommand(operands[0])));
    return 0;
  },
};
