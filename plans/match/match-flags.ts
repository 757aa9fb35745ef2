/**
 * `arena match`'s flag table (also `arena watch`'s base), apart from the match itself, so `arena match --help`
 * loads no game, agent or gateway code. match-config.ts turns the parsed flags into a match configuration.
 */
import { limitFlags } from './limit-flags.js';
import type { FlagTable } from '../../protocol/flag-table.js';

/**
 * `arena match`'s flags: the parser reads them and `arena match --help` prints them. The clock modes and latency
 * sources are written out here so that --help loads no gateway code; tests/clock-tables.test.ts keeps them
 * equal to the tables (gateway/clock/clock-mode.ts, latency-sources.ts).
 */
export const matchOptions = {
  config: { type: 'string', arg: 'FILE', description: 'a match configuration file (JSON, docs/cli.md); flags override its fields' },
  game: { type: 'string', arg: 'ID', defaultText: 'last_stand', description: "a game from arena games, or a build's address (remote-input://HOST:PORT, ws://HOST:PORT)" },
  env: { type: 'string', arg: 'URL', defaultText: 'the built-in version', description: 'where the game runs: remote-input://HOST:PORT (a UE5 build) or ws://HOST:PORT (a GameLink endpoint)' },
  variant: { type: 'string', arg: 'ID', defaultText: "the game's first", description: 'a variant of that game' },
  seed: { type: 'string', kind: 'integer', arg: 'N', defaultText: '1', description: "the episode's seed" },
  clock: { type: 'string', arg: 'realtime|pdq|lcrt', defaultText: 'pdq', description: 'the clock mode (docs/clock.md)' },
  profile: { type: 'string', arg: 'default|omnigamearena', defaultText: 'default', description: "whose rules the match plays by: ours, or the benchmark runner's (docs/omnigamearena.md)" },
  maps: { type: 'string', arg: 'FILE', description: "with --profile omnigamearena on a build: the builds' maps config (a runner checkout's configs/maps.yaml)" },
  gamepad: { type: 'boolean', description: "play with the game's gamepad: the analog axes its manifest declares (last_stand: the left stick) join its controls" },
  agent: { type: 'string', arg: 'KIND', defaultText: 'scripted', description: 'the agent kind for one slot: scripted, random, idle, vlm, remote' },
  agents: { type: 'string', arg: 'A,B', description: 'agent kinds for the slots, in slot order' },
  latency: { type: 'string', arg: 'SRC[,SRC]', defaultText: 'wall', description: 'lcrt latency source per agent: provider, ttfb, ttlt, ttfb_minus_tcp, wall or synthetic:MS[:JITTER]' },
  fairness: { type: 'string', arg: 'ARM', description: 'PvP fairness arm: pdq, lcrt, matched[:max|mean|median|min[:ROUNDS]] or handicap; sets the clock (docs/pvp-fairness.md)' },
  handicap: { type: 'string', arg: 'H[,H]', description: 'with --fairness handicap: per agent in slot order, xSCALE, +MS or xSCALE+MS (empty: none)' },
  model: { type: 'string', arg: 'M', description: "the VLM agent's model (docs/agents.md)" },
  'base-url': { type: 'string', arg: 'URL', description: "the VLM agent's OpenAI-compatible endpoint" },
  'api-key-env': { type: 'string', arg: 'VAR', description: "the environment variable that holds the VLM agent's API key" },
  'agent-config': { type: 'string', arg: 'FILE', description: "a JSON file with the VLM agent's configuration" },
  ...limitFlags,
  'on-agent-failure': { type: 'string', arg: 'end|noop', defaultText: 'end', description: "what a vanished agent's slot becomes" },
  'on-decision-error': { type: 'string', arg: 'end|noop', description: 'what a failed decision becomes: end the episode, or play a no-op and go on (declared in run.json); default: a provider failure ends it as infrastructure, a decision past --decision-timeout is a no-op' },
  'stale-frames': { type: 'string', arg: 'flag|retry|fail', defaultText: 'flag', description: 'what a stale frame does: record it, ask for it again (3 times at most), or end the episode as infrastructure (docs/frame-integrity.md)' },
  'runs-dir': { type: 'string', arg: 'DIR', defaultText: 'runs', description: 'where run directories go' },
  listen: { type: 'string', arg: 'HOST:PORT', defaultText: '127.0.0.1:0', description: 'where remote agents connect (with --agent remote)' },
  swap: { type: 'boolean', description: 'two agents: play both side orders (two matches, two result lines)' },
  video: { type: 'boolean', description: 'also write episode.mp4 into the run directory as the match goes, from the frames the gateway saw (docs/records.md)' },
  'video-fps': { type: 'string', kind: 'number', arg: 'N', default: '10', description: 'frames per second of game time of that video' },
  json: { type: 'boolean', description: 'print the result as JSON instead of a line' },
  quiet: { type: 'boolean', description: 'no progress bar' },
} as const satisfies FlagTable;
