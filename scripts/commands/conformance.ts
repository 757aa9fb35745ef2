/**
 * `arena conformance`: checks a game endpoint against the contract and prints a pass/fail table with reasons.
 * `--url ws://host:port` runs the GameLink battery; `--remote-input host:port` the RemoteInput one (player 1's
 * port). Exit code 1 on any failure.
 */
import { readTokenFile } from '../../env-bridge/index.js';
import { formatResult, runGameLinkConformance, runRemoteInputConformance, type CheckResult } from '../../conformance/index.js';
import { usage } from '../cli-error.js';
import { num, parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { calibrateFromFlags, calibrationFlags, wantsCalibration } from './conformance/calibration.js';

/** `arena conformance`'s flags: one of --url and --remote-input, then the battery's settings. */
export const conformanceOptions = {
  url: { type: 'string', arg: 'ws://HOST:PORT', description: 'a GameLink endpoint: run the GameLink battery' },
  'remote-input': { type: 'string', arg: 'HOST:PORT', description: "a RemoteInput server (player 1's port): run the RemoteInput battery" },
  'token-file': { type: 'string', arg: 'FILE', description: "GameLink: the endpoint's token (first line), for an arena bridge started with --token-file; also checks that a wrong one is refused" },
  variant: { type: 'string', arg: 'ID', description: 'the variant to reset to (GameLink)' },
  seed: { type: 'string', kind: 'integer', arg: 'S', description: 'the seed to reset with (GameLink)' },
  hold: { type: 'string', kind: 'number', arg: 'MS', description: 'game time a held key is held in the input checks' },
  'end-within': { type: 'string', kind: 'number', arg: 'MS', defaultText: '180000', description: 'idle game time (GameLink) or wall time (RemoteInput) within which an episode must end' },
  speed: { type: 'string', kind: 'number', arg: 'N', description: 'RemoteInput: game speed while waiting for the episode end' },
  players: { type: 'string', kind: 'integer', arg: 'N', description: "RemoteInput: 2 makes the second player's port (base + 1) required" },
  advances: { type: 'string', kind: 'integer', arg: 'N', description: 'advances measured for the advance error' },
  'advance-ms': { type: 'string', kind: 'number', arg: 'MS', description: 'game time of each measured advance' },
  tolerance: { type: 'string', kind: 'number', arg: 'X', defaultText: '0.1', description: 'allowed relative advance error when the game does not declare exact advances' },
  'stale-samples': { type: 'string', kind: 'integer', arg: 'N', defaultText: '20', description: 'samples in each stale-frame check (after input, after a pause and resume)' },
  'max-stale': { type: 'string', kind: 'number', arg: 'SHARE', defaultText: '0.05', description: 'largest share of stale frames (exact or near duplicates, cut short) a stale-frame check passes with, 0..1' },
  json: { type: 'boolean', description: 'print the results as JSON' },
  ...calibrationFlags,
} as const satisfies FlagTable;

/** host:port -> parts; BAD_CONFIG otherwise. */
function hostPort(value: string): { host: string; port: number } {
  const m = /^(.+):(\d{1,5})$/.exec(value);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port < 1 || port > 65535) throw usage(`--remote-input takes host:port (got '${value}')`);
  return { host: m[1]!, port };
}

/** --stale-samples and --max-stale, checked: a share outside 0..1 or a count below 1 is a usage error. */
function staleOptions(values: { 'stale-samples'?: string | undefined; 'max-stale'?: string | undefined }): { staleSamples?: number; maxStaleShare?: number } {
  const samples = num(values['stale-samples'], 'stale-samples');
  const share = num(values['max-stale'], 'max-stale');
  if (samples !== undefined && samples < 1) throw usage(`--stale-samples takes a count of 1 or more (got ${samples})`);
  if (share !== undefined && (share < 0 || share > 1)) throw usage(`--max-stale takes a share between 0 and 1 (got ${share})`);
  return { ...(samples === undefined ? {} : { staleSamples: samples }), ...(share === undefined ? {} : { maxStaleShare: share }) };
}

export async function conformanceCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('conformance', conformanceOptions, argv);
  if ((values.url === undefined) === (values['remote-input'] === undefined)) throw usage('give one of --url ws://host:port (GameLink) or --remote-input host:port');
  const print = values.json ? undefined : (r: CheckResult): void => void process.stdout.write(`${formatResult(r)}\n`);
  const common = {
    ...(num(values.hold, 'hold') === undefined ? {} : { holdMs: num(values.hold, 'hold')! }),
    ...(num(values['end-within'], 'end-within') === undefined ? {} : { endWithinMs: num(values['end-within'], 'end-within')! }),
    ...(num(values.advances, 'advances') === undefined ? {} : { advances: num(values.advances, 'advances')! }),
    ...(num(values['advance-ms'], 'advance-ms') === undefined ? {} : { advanceMs: num(values['advance-ms'], 'advance-ms')! }),
    ...(num(values.tolerance, 'tolerance') === undefined ? {} : { tolerance: num(values.tolerance, 'tolerance')! }),
    ...(print ? { onResult: print } : {}),
    ...staleOptions(values),
  };
  if (values['token-file'] !== undefined && values.url === undefined) throw usage('--token-file is for a GameLink endpoint: give --url ws://host:port');
  const token = values['token-file'] === undefined ? undefined : readTokenFile(values['token-file']);
  const calibrate = wantsCalibration(values);
  let results: CheckResult[];
  if (values.url !== undefined) {
    if (!/^wss?:\/\//.test(values.url)) throw usage(`--url takes ws://host:port (got '${values.url}')`);
    if (print) process.stdout.write(`GameLink conformance: ${values.url}\n`);
    results = await runGameLinkConformance(values.url, {
      ...common,
      ...(values.variant === undefined ? {} : { variant: values.variant }),
      ...(num(values.seed, 'seed') === undefined ? {} : { seed: num(values.seed, 'seed')! }),
      ...(token === undefined ? {} : { token }),
    });
  } else {
    const { host, port } = hostPort(values['remote-input']!);
    if (print) process.stdout.write(`RemoteInput conformance: ${host}:${port}\n`);
    results = await runRemoteInputConformance(host, port, {
      ...common,
      ...(num(values.speed, 'speed') === undefined ? {} : { speed: num(values.speed, 'speed')! }),
      ...(num(values.players, 'players') === undefined ? {} : { players: num(values.players, 'players')! }),
    });
    if (calibrate) results = [...results, ...(await calibrateFromFlags(values, host, port, print))];
  }
  const count = (s: CheckResult['status']): number => results.filter((r) => r.status === s).length;
  if (values.json) process.stdout.write(`${JSON.stringify(results)}\n`);
  else process.stdout.write(`${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped\n`);
  return count('fail') > 0 ? 1 : 0;
}

/** `arena conformance` in the command table. */
export const conformanceCli: CommandSpec = {
  flags: conformanceOptions,
  examples: ['arena conformance --remote-input 127.0.0.1:12345', 'arena conformance --remote-input 127.0.0.1:12345 --advances 50 --advance-ms 720', 'arena conformance --url ws://127.0.0.1:9000', 'arena conformance --url wss://gpu1.example:7700 --token-file bridge.token', 'arena conformance --remote-input 127.0.0.1:12345 --profile omnigamearena --maps ~/OmniGameArena/configs/maps.yaml --report calibration.json'],
  notes: ['Exit 1 when any check fails. Details: docs/remote-input.md.'],
  run: conformanceCommand,
};
