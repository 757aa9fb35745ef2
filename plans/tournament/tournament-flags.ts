/** `arena tournament`'s flag table: the tournament's configuration, as the command line and the service's `tournament` jobs take it. */
import { PausedClockMode } from '../../gateway/index.js';
import type { FlagTable } from '../../protocol/index.js';
import { limitFlags } from '../match/limit-flags.js';

/** `arena tournament`'s flags; `--game`, `--agents` and `--episodes` are required. */
export const tournamentOptions = {
  game: { type: 'string', arg: 'ID', defaultText: 'required', description: 'a game from arena games (one slot for solo, two for coop and pvp)' },
  agents: { type: 'string', arg: 'A,B,...', defaultText: 'required', description: 'the entrants: KIND, LABEL=KIND or LABEL=vlm@CONFIG.json, comma-separated (docs/tournament.md)' },
  episodes: { type: 'string', kind: 'integer', arg: 'N', defaultText: 'required', description: 'episodes per line-up' },
  seed: { type: 'string', kind: 'integer', arg: 'S', defaultText: '1', description: 'seed of episode 0' },
  clock: { type: 'string', arg: PausedClockMode.options.join('|'), defaultText: 'pdq', description: 'the clock mode of every match' },
  profile: { type: 'string', arg: 'default|omnigamearena', defaultText: 'default', description: "every match by our rules or the benchmark runner's (docs/omnigamearena.md)" },
  env: { type: 'string', arg: 'URL', defaultText: 'the built-in version', description: 'where the game runs: remote-input://HOST:PORT (a UE5 build) or ws://HOST:PORT' },
  maps: { type: 'string', arg: 'FILE', description: "with --profile omnigamearena on a build: the builds' maps config" },
  variant: { type: 'string', arg: 'ID', defaultText: "the game's first", description: 'a variant of that game' },
  latency: { type: 'string', arg: 'SRC|LABEL=SRC,...', defaultText: 'wall', description: 'lcrt latency source of every agent, or one per agent label (fast=synthetic:100,slow=synthetic:1500)' },
  fairness: { type: 'string', arg: 'ARM', description: 'PvP fairness arm of every match: pdq, lcrt, matched[:STAT[:ROUNDS]] or handicap; sets the clock (docs/pvp-fairness.md)' },
  arms: { type: 'string', arg: 'ARM,ARM,...', description: 'play every pairing under each arm on the same seeds and take the ratings apart: skill, cost of reacting, speed advantage (e.g. pdq,matched,lcrt)' },
  handicap: { type: 'string', arg: 'LABEL=H,...', description: 'with the handicap arm: an agent\'s charged latency scaled or offset, xSCALE, +MS or xSCALE+MS' },
  'bootstrap-samples': { type: 'string', kind: 'integer', arg: 'N', defaultText: '1000', description: 'with --arms: bootstrap resamples of episodes for the components\' intervals (seeded, reproducible)' },
  ...limitFlags,
  parallel: { type: 'string', kind: 'integer', arg: 'N', defaultText: '1', description: 'matches played at once' },
  redis: { type: 'string', arg: 'URL', description: 'play the matches on arena workers through Redis (redis://host:port) instead of in this process' },
  pool: { type: 'string', arg: 'P', default: 'default', description: 'with --redis: the worker pool that plays them' },
  placement: { type: 'string', arg: 'fifo|affinity', default: 'fifo', description: 'with --redis: next match to the next free slot, or warm game and map first (docs/fleet.md)' },
  'runs-dir': { type: 'string', arg: 'DIR', defaultText: 'OUT/runs', description: 'where run directories go' },
  out: { type: 'string', arg: 'DIR', defaultText: 'runs/tournaments/GAME-VARIANT-CLOCK', description: 'where results.jsonl and the tables go' },
  quiet: { type: 'boolean', description: 'no progress bar' },
} as const satisfies FlagTable;

