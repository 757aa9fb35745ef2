/**
 * `arena conformance`: checks a game endpoint against the contract and prints a pass/fail table with reasons.
 * `--url ws://host:port` runs the GameLink battery; `--remote-input host:port` the RemoteInput one (player 1's
 * port). Exit code 1 on any failure.
 */
import { parseArgs } from 'node:util';
import { formatResult, runGameLinkConformance, runRemoteInputConformance, type CheckResult } from '../../conformance/index.js';
import { usage } from '../cli-error.js';

const options = {
  url: { type: 'string' },
  'remote-input': { type: 'string' },
  variant: { type: 'string' },
  seed: { type: 'string' },
  hold: { type: 'string' },
  'end-within': { type: 'string' },
  speed: { type: 'string' },
  players: { type: 'string' },
  advances: { type: 'string' },
  'advance-ms': { type: 'string' },
  tolerance: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

function num(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw usage(`--${flag} takes a non-negative number (got '${value}')`);
  return n;
}

/** host:port -> parts; BAD_CONFIG otherwise. */
function hostPort(value: string): { host: string; port: number } {
  const m = /^(.+):(\d{1,5})$/.exec(value);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port < 1 || port > 65535) throw usage(`--remote-input takes host:port (got '${value}')`);
  return { host: m[1]!, port };
}

export async function conformanceCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options, allowPositionals: false, strict: true });
  if ((values.url === undefined) === (values['remote-input'] === undefined)) throw usage('give one of --url ws://host:port (GameLink) or --remote-input host:port');
  const print = values.json ? undefined : (r: CheckResult): void => void process.stdout.write(`${formatResult(r)}\n`);
  const common = {
    ...(num(values.hold, 'hold') === undefined ? {} : { holdMs: num(values.hold, 'hold')! }),
    ...(num(values['end-within'], 'end-within') === undefined ? {} : { endWithinMs: num(values['end-within'], 'end-within')! }),
    ...(num(values.advances, 'advances') === undefined ? {} : { advances: num(values.advances, 'advances')! }),
    ...(num(values['advance-ms'], 'advance-ms') === undefined ? {} : { advanceMs: num(values['advance-ms'], 'advance-ms')! }),
    ...(num(values.tolerance, 'tolerance') === undefined ? {} : { tolerance: num(values.tolerance, 'tolerance')! }),
    ...(print ? { onResult: print } : {}),
  };
  let results: CheckResult[];
  if (values.url !== undefined) {
    if (!/^wss?:\/\//.test(values.url)) throw usage(`--url takes ws://host:port (got '${values.url}')`);
    if (print) process.stdout.write(`GameLink conformance: ${values.url}\n`);
    results = await runGameLinkConformance(values.url, {
      ...common,
      ...(values.variant === undefined ? {} : { variant: values.variant }),
      ...(num(values.seed, 'seed') === undefined ? {} : { seed: num(values.seed, 'seed')! }),
    });
  } else {
    const { host, port } = hostPort(values['remote-input']!);
    if (print) process.stdout.write(`RemoteInput conformance: ${host}:${port}\n`);
    results = await runRemoteInputConformance(host, port, {
      ...common,
      ...(num(values.speed, 'speed') === undefined ? {} : { speed: num(values.speed, 'speed')! }),
      ...(num(values.players, 'players') === undefined ? {} : { players: num(values.players, 'players')! }),
    });
  }
  const count = (s: CheckResult['status']): number => results.filter((r) => r.status === s).length;
  if (values.json) process.stdout.write(`${JSON.stringify(results)}\n`);
  else process.stdout.write(`${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped\n`);
  return count('fail') > 0 ? 1 : 0;
}
