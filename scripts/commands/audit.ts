/**
 * `arena audit`: the invariants the gateway proves, on your own setup: a game (or all reference games), a
 * build through --env, a fleet through --redis, a bridge through --bridge, an agent kind. Prints a pass/fail
 * table with the first difference each failing check found; exits 1 on any failure. See docs/audit.md.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getGame, listGames } from '../../games-manifest/index.js';
import { usage } from '../cli-error.js';
import { intFlag, parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { auditTable, runAudit, type AuditTarget } from '../../plans/index.js';

/** `arena audit`'s flags. */
export const auditOptions = {
  game: { type: 'string', arg: 'ID[,ID...]', description: 'the games to audit (default: last_stand)' },
  all: { type: 'boolean', description: 'every real-time reference game (the twelve of arena games)' },
  profile: { type: 'string', arg: 'default|omnigamearena|both', default: 'default', description: 'whose rules the episodes play by; both: each game under each' },
  env: { type: 'string', arg: 'URL', description: 'where the game runs: remote-input://HOST:PORT (a UE5 build) or ws://HOST:PORT (a GameLink endpoint)' },
  maps: { type: 'string', arg: 'FILE', description: "with --profile omnigamearena on a build: the builds' maps config" },
  agent: { type: 'string', arg: 'KIND', default: 'scripted', description: 'the agent kind of every slot; it must decide the same way given the same frames (scripted, random, idle)' },
  steps: { type: 'string', kind: 'integer', arg: 'N', default: '8', description: 'decisions per agent of each episode' },
  seed: { type: 'string', kind: 'integer', arg: 'N', default: '3', description: "the episodes' seed" },
  latency: { type: 'string', kind: 'integer', arg: 'MS', default: '500', description: 'the synthetic latency the third run charges per decision' },
  redis: { type: 'string', arg: 'URL', description: 'also play each pdq episode on the fleet at this Redis URL (an arena worker must serve the pool)' },
  bridge: { type: 'boolean', description: 'also play each pdq episode of a reference game through an arena bridge started here' },
  out: { type: 'string', arg: 'DIR', description: "where the audit's runs go (default: a new temporary folder)" },
  json: { type: 'boolean', description: 'print the rows as JSON' },
} as const satisfies FlagTable;

export async function auditCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('audit', auditOptions, argv);
  if (values.all && values.game !== undefined) throw usage('give --game or --all, not both');
  const profiles: readonly AuditTarget['profile'][] | undefined = values.profile === 'both' ? ['default', 'omnigamearena'] : values.profile === 'default' || values.profile === 'omnigamearena' ? [values.profile] : undefined;
  if (profiles === undefined) throw usage(`--profile is default, omnigamearena or both (got '${values.profile}')`);
  const games = values.all ? listGames().filter((g) => g.regime !== 'turn-based' && g.launch.kind === 'builtin').map((g) => g.id) : (values.game ?? 'last_stand').split(',');
  for (const g of games) getGame(g);
  const steps = intFlag(values.steps, 'steps', 1, 10_000) ?? 8;
  const latencyMs = intFlag(values.latency, 'latency', 0, 600_000) ?? 500;
  const seed = intFlag(values.seed, 'seed', 0, 2 ** 32 - 1) ?? 3;
  const targets: AuditTarget[] = games.flatMap((game) => profiles.map((profile) => ({ game, profile, env: values.env, maps: values.maps, agent: values.agent, steps, seed, latencyMs })));
  const dir = values.out ?? mkdtempSync(join(tmpdir(), 'arena-audit-'));
  const rows = await runAudit({
    targets,
    dir,
    redis: values.redis,
    bridge: values.bridge,
    onRow: (r) => void (values.json ? undefined : process.stderr.write(`${r.pass ? 'pass' : 'FAIL'}  ${r.game} ${r.profile}: ${r.check}\n`)),
  });
  process.stdout.write(values.json ? `${JSON.stringify({ dir, rows }, null, 2)}\n` : `${auditTable(rows)}\nruns: ${dir}\n`);
  return rows.every((r) => r.pass) ? 0 : 1;
}

/** `arena audit` in the command table. */
export const auditCli: CommandSpec = {
  flags: auditOptions,
  examples: [
    'arena audit',
    'arena audit --all --profile both',
    'arena audit --game sky_duel --bridge --redis redis://127.0.0.1:6379',
    'arena audit --game last_stand --env ws://127.0.0.1:8765',
  ],
  notes: [
    'Plays one short episode per game under pdq, lcrt charged 0 ms and lcrt charged --latency ms, and checks that',
    'lcrt at 0 is pdq record for record (frames, events, progress, result), that lcrt at L charges exactly L per',
    'decision, that every run of a reference game re-simulates bit for bit, and with --redis / --bridge that a',
    'worker and a bridge play the pdq episode alike. Exit 0 when every check passes, 1 when one fails.',
  ],
  run: auditCommand,
};
