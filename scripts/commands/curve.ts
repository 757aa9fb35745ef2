/**
 * `arena curve`: an Improvement Dynamics Curve on one game. The flags give the curve's settings (with
 * `--resume ID`, the stored curve's settings with any flags given laid over them); the player (a VLM agent that
 * plays the skill, or a built-in agent that ignores it) and the reflector (an OpenAI client on any compatible
 * endpoint) are rebuilt from those settings and wired into `runCurve`, with a progress bar on stderr and the
 * summary table on stdout. The default id is derived from the settings, so rerunning the same command resumes
 * too; see docs/idc.md.
 */
import { basename, join } from 'node:path';
import OpenAI from 'openai';
import { approxTokens, NO_API_KEY } from '../../agents/index.js';
import { curveConfounds, curveSummary, readCurveState, resolveCurveDir, runCurve, type CurveEvent, type CurveSettings } from '../../reflection/index.js';
import { usage } from '../cli-error.js';
import { ProgressBar } from '../progress-bar.js';
import { num, parseFlags, type CommandSpec } from '../cli/flags.js';
import { checkAgainstStored, curveOptions, curveSettingsFromConfig, curveSettingsFromFlags, defaultCurveId, resumedSettings, type CurveFlags } from '../../plans/index.js';
import { entryOf } from '../../plans/index.js';
import { playerFactory, storedPlayer } from '../../plans/index.js';
import { curveWork } from '../../plans/index.js';

export { curveOptions, curveSettingsFromFlags, defaultCurveId, resumedSettings } from '../../plans/index.js';

function apiKey(envName: string): string {
  const value = process.env[envName];
  return value === undefined || value.trim() === '' ? NO_API_KEY : value.trim();
}

function progressLine(e: Extract<CurveEvent, { type: 'episode' }>): string {
  const where = e.phase === 'round' ? `round ${e.round ?? 0}` : `held-out ${e.variant} ${e.arm ?? ''}`;
  return `${where} episode ${e.episode}: ${e.score.toFixed(3)}${e.played ? '' : ' (done before)'}`;
}

/** The curve's directory, id and settings: a new curve from the flags, or the stored one `--resume` names. */
function openCurve(flags: CurveFlags): { dir: string; id: string; settings: CurveSettings } {
  if (flags.resume === undefined) {
    const settings = flags.config === undefined ? curveSettingsFromFlags(flags).settings : curveSettingsFromConfig(flags.config, flags);
    const id = flags.id ?? defaultCurveId(settings);
    const dir = join(flags.out, id);
    const stored = readCurveState(join(dir, 'curve.json'));
    if (stored) checkAgainstStored(id, stored.settings, settings, flags, false);
    return { dir, id, settings };
  }
  if (flags.id !== undefined) throw usage('--resume names the curve; leave out --id');
  if (flags.config !== undefined) throw usage('--config starts a new curve; --resume continues one with its stored settings');
  const dir = resolveCurveDir(flags.resume, flags.out);
  const stored = readCurveState(join(dir, 'curve.json'))!;
  const id = basename(dir);
  const settings = resumedSettings(stored.settings, flags);
  checkAgainstStored(id, stored.settings, settings, flags, true);
  return { dir, id, settings };
}

export async function curveCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('curve', curveOptions, argv);
  const { dir, id, settings } = openCurve(values);
  const makePlayer = await playerFactory(settings);
  const { close: closeWork, ...work } = curveWork(settings, values, dir);
  const { reflectorBaseUrl, reflectorApiKeyEnv } = storedPlayer(settings);
  if (!reflectorBaseUrl) throw usage('the reflector needs an endpoint: --reflector-base-url (or --base-url)');
  const timeoutS = num(values['reflector-timeout'], 'reflector-timeout') ?? 300;
  const reflector = new OpenAI({ baseURL: reflectorBaseUrl, apiKey: apiKey(reflectorApiKeyEnv ?? 'OPENAI_API_KEY'), maxRetries: 2, timeout: timeoutS * 1000 });

  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  const bar = values.quiet ? undefined : new ProgressBar(`curve ${settings.game}`);
  let total = 1;
  try {
    const m = settings.match;
    const state = await runCurve({
      dir,
      settings,
      // A build (or the profile's maps) gives the entry its recipe, as arena match resolves it.
      ...(m.env === undefined ? {} : { entry: entryOf({ game: settings.game, env: m.env, maps: m.maps, profile: m.profile }) }),
      makePlayer,
      reflector,
      countTokens: approxTokens,
      ...work,
      signal: controller.signal,
      meta: { command: ['arena', 'curve', ...argv] },
      onEvent: (e) => {
        switch (e.type) {
          case 'started':
            total = e.total;
            process.stderr.write(`curve ${id} -> ${dir}${e.resumed ? ` (resuming: ${e.done}/${e.total} episodes done)` : ''}\n`);
            bar?.update(e.done / total, 'starting');
            break;
          case 'episode':
            bar?.update(e.done / total, progressLine(e));
            break;
          case 'reflecting':
            bar?.update(Math.min(1, ((e.afterRound + 1) * settings.episodes) / total), `reflecting on round ${e.afterRound}`);
            break;
          case 'round':
          case 'reflected':
          case 'transfer':
            break;
        }
      },
    });
    bar?.update(1, 'done');
    bar?.done();
    process.stdout.write(values.json ? `${JSON.stringify(state, null, 2)}\n` : `${curveSummary(state, undefined, curveConfounds(dir, state))}${dir}\n`);
    return 0;
  } catch (err) {
    bar?.done();
    if (controller.signal.aborted) process.stderr.write(`curve ${id} stopped; resume it with: arena curve --resume ${dir}\n`);
    throw err;
  } finally {
    process.off('SIGINT', onSigint);
    await closeWork();
  }
}

/** `arena curve` in the command table. */
export const curveCli: CommandSpec = {
  flags: curveOptions,
  examples: [
    'arena curve --game last_stand --agent vlm --model my-model --base-url http://127.0.0.1:8000/v1 --rounds 5 --episodes 3',
    'arena curve --resume last_stand-my-model-0123456789 --rounds 8',
    'arena curve --style runner --cold-start runs/tournaments/last_stand-origin-pdq --profile omnigamearena --game last_stand --agent vlm --model my-model --base-url http://127.0.0.1:8000/v1 --rounds 10 --episodes 5',
    'arena curve --config imported/curves/last_stand--model-a.json --env remote-input://127.0.0.1:12345',
    'arena curve --resume last_stand-my-model-0123456789 --redis redis://10.0.0.5:6379 --pool gpu',
  ],
  notes: ['A new curve needs --rounds and --episodes; the same command again resumes it (the default --id is derived from the settings).'],
  run: curveCommand,
};
