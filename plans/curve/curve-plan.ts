/**
 * The curve plan: the curve's directory, id and settings (a new curve from its flags, or the stored one `resume`
 * names, with the flags given laid over it), its player and reflector rebuilt from those settings, its episodes
 * through the work layer, played by `runCurve`; the summary table (or curve.json) printed. See docs/idc.md.
 */
import { basename, join } from 'node:path';
import OpenAI from 'openai';
import { approxTokens, NO_API_KEY } from '../../agents/index.js';
import { num, usage } from '../../protocol/index.js';
import { curveConfounds, curveSummary, readCurveState, resolveCurveDir, runCurve, type CurveEvent, type CurveSettings } from '../../reflection/index.js';
import { entryOf } from '../match/match-entry.js';
import { engineRunFields, type FlagPlanConfig, type Plan } from '../run/plan-io.js';
import { checkAgainstStored, curveSettingsFromConfig, curveSettingsFromFlags, defaultCurveId, resumedSettings, type CurveFlags } from './curve-flags.js';
import { playerFactory, storedPlayer } from './curve-player.js';
import { curveWork } from './curve-work.js';

function apiKey(envName: string): string {
  const value = process.env[envName];
  return value === undefined || value.trim() === '' ? NO_API_KEY : value.trim();
}

function progressLine(e: Extract<CurveEvent, { type: 'episode' }>): string {
  const where = e.phase === 'round' ? `round ${e.round ?? 0}` : `held-out ${e.variant} ${e.arm ?? ''}`;
  return `${where} episode ${e.episode}: ${e.score.toFixed(3)}${e.played ? '' : ' (done before)'}`;
}

/** The curve's directory, id and settings: a new curve from the flags, or the stored one `resume` names. */
export function openCurve(flags: CurveFlags): { dir: string; id: string; settings: CurveSettings } {
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

/** Runs (or resumes) a curve; 0 when every round and held-out arm is played. */
export const curvePlan: Plan<FlagPlanConfig<CurveFlags>> = {
  name: 'curve',
  async run({ values }, io) {
    const { dir, id, settings } = openCurve(values);
    const makePlayer = await playerFactory(settings);
    const { reflectorBaseUrl, reflectorApiKeyEnv } = storedPlayer(settings);
    if (!reflectorBaseUrl) throw usage('the reflector needs an endpoint: --reflector-base-url (or --base-url)');
    const timeoutS = num(values['reflector-timeout'], 'reflector-timeout') ?? 300;
    const reflector = new OpenAI({ baseURL: reflectorBaseUrl, apiKey: apiKey(reflectorApiKeyEnv ?? 'OPENAI_API_KEY'), maxRetries: 2, timeout: timeoutS * 1000 });
    const { close: closeWork, ...work } = curveWork(settings, values, dir);
    let total = 1;
    try {
      const m = settings.match;
      const state = await runCurve({
        dir,
        settings,
        // A build (or the profile's maps) gives the entry its recipe, as a match resolves it.
        ...(m.env === undefined ? {} : { entry: entryOf({ game: settings.game, env: m.env, maps: m.maps, profile: m.profile }) }),
        makePlayer,
        reflector,
        countTokens: approxTokens,
        ...work,
        ...engineRunFields(io),
        onEvent: (e) => {
          switch (e.type) {
            case 'started':
              total = e.total;
              io.log(`curve ${id} -> ${dir}${e.resumed ? ` (resuming: ${e.done}/${e.total} episodes done)` : ''}\n`);
              io.progress(e.done / total, 'starting');
              break;
            case 'episode':
              io.progress(e.done / total, progressLine(e));
              break;
            case 'reflecting':
              io.progress(Math.min(1, ((e.afterRound + 1) * settings.episodes) / total), `reflecting on round ${e.afterRound}`);
              break;
            case 'round':
            case 'reflected':
            case 'transfer':
              break;
          }
        },
      });
      io.progress(1, 'done');
      io.print(values.json ? `${JSON.stringify(state, null, 2)}\n` : `${curveSummary(state, undefined, curveConfounds(dir, state))}${dir}\n`);
      return 0;
    } catch (err) {
      if (io.signal.aborted) io.log(`curve ${id} stopped; resume it with: arena curve --resume ${dir}\n`);
      throw err;
    } finally {
      await closeWork();
    }
  },
};
