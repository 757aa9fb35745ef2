/**
 * Round 0 of a runner-style curve: finished cold-start runs the user already has (say those of `arena
 * tournament` under the profile), not new episodes. Every `run.json` under the folder is read, and, as the
 * runner picks its round 0 by game and model from a shared root, the runs of the curve's game, variant, clock,
 * profile and player (with no skill) are kept; the others are counted and left out, as is a run that is no result
 * of play (the runner leaves out runs that did not end `ok`). A folder with none of the curve's is refused. The
 * runs kept are copied into the round's folder, so the reflector's tools read them like any episode.
 */
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { ArenaError, ErrorCode, readConfigFile } from '../../protocol/index.js';
import { RunJson } from '../../gateway/index.js';
import type { CurveSettings } from '../curve-settings.js';
import type { EpisodeRecord } from '../curve-state.js';
import { adoptedRecord, episodeRunId } from '../play-episode.js';
import type { ColdStartRecord } from './record.js';

const Route = z.looseObject({ route: z.looseObject({ model: z.string().optional() }).optional(), skill: z.unknown().optional() });
const ColdRun = RunJson.extend({ profile: z.string().optional() });
type ColdRun = z.infer<typeof ColdRun>;

/** Run directories under `root` (every folder holding a `run.json`), sorted. */
function runDirs(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (existsSync(join(dir, 'run.json'))) {
      found.push(dir);
      return;
    }
    for (const d of readdirSync(dir, { withFileTypes: true })) if (d.isDirectory()) walk(join(dir, d.name));
  };
  walk(root);
  return found.sort();
}

function readRun(dir: string): ColdRun {
  const path = join(dir, 'run.json');
  return readConfigFile(path, ColdRun, { name: `cold-start run ${path}`, noun: 'a run record' });
}

/** What a cold-start run must share with the curve, as `[field, the run's, the curve's]` for each that differs. */
function setupDiffers(run: ColdRun, settings: CurveSettings, variant: string): [string, string, string][] {
  const wanted: [string, string, string][] = [
    ['game', run.game, settings.game],
    ['variant', run.variant, variant],
    ['clock', run.clock, settings.clock],
    ['profile', run.conditions?.profile ?? run.profile ?? 'default', settings.match.profile ?? 'default'],
  ];
  return wanted.filter(([, a, b]) => a !== b);
}

/** Whether every slot was played by the curve's player (its kind and, for a VLM player, its model) with no skill. */
function samePlayer(run: ColdRun, settings: CurveSettings, slots: readonly number[]): boolean {
  const { kind, model } = settings.player;
  const agents = run.conditions?.agents ?? [];
  return slots.every((slot) => {
    const a = run.agents.find((x) => x.slot === slot);
    if (a === undefined || (typeof kind === 'string' && a.kind !== kind)) return false;
    const declared = Route.safeParse(agents.find((x) => x.slot === slot)?.settings ?? {});
    const s = declared.success ? declared.data : {};
    if (s.skill !== undefined && s.skill !== null) return false;
    return typeof model !== 'string' || s.route?.model === model;
  });
}

/**
 * Copies the matching cold-start runs under `from` into `episodesDir` as episodes 0..n-1 and returns their
 * records. BAD_CONFIG when the folder is missing or holds no run of the curve's setup and player.
 */
export function adoptColdStart(from: string, settings: CurveSettings, variant: string, slots: readonly number[], curveDir: string, episodesDir: string): { episodes: EpisodeRecord[]; coldStart: ColdStartRecord } {
  const root = resolve(from);
  if (!existsSync(root)) throw new ArenaError(ErrorCode.BAD_CONFIG, `the cold-start runs folder ${root} does not exist`);
  const dirs = runDirs(root).filter((d) => !resolve(d).startsWith(resolve(curveDir)));
  if (dirs.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, `no run.json under ${root}: round 0 of a runner-style curve is made of finished cold-start runs`);
  const kept: { dir: string; run: ColdRun }[] = [];
  let otherAgents = 0;
  let otherSetup = 0;
  let example: string | undefined;
  for (const dir of dirs) {
    const run = readRun(dir);
    const differ = setupDiffers(run, settings, variant);
    if (differ.length > 0) {
      otherSetup++;
      example ??= `${relative(root, dir) || dir} has ${differ.map(([f, a, b]) => `${f} ${a} (the curve's: ${b})`).join(', ')}`;
    } else if (samePlayer(run, settings, slots)) kept.push({ dir, run });
    else otherAgents++;
  }
  if (kept.length === 0) {
    const { kind, model } = settings.player;
    const who = `${String(kind)}${typeof model === 'string' ? ` ${model}` : ''}`;
    throw new ArenaError(
      ErrorCode.BAD_CONFIG,
      `none of the ${dirs.length} run(s) under ${root} is a cold-start run of the curve (${settings.game}/${variant}, ${settings.clock}, profile ${settings.match.profile ?? 'default'}) by its player (${who}) with no skill: ${otherSetup} of another setup${example ? ` (${example})` : ''}, ${otherAgents} of another player or with a skill`,
      { details: { runs: dirs.length, otherSetup, otherAgents } },
    );
  }
  kept.sort((a, b) => a.run.seed - b.run.seed || (a.dir < b.dir ? -1 : 1));
  const episodes: EpisodeRecord[] = [];
  const runs: string[] = [];
  let notPlayed = 0;
  for (const { dir } of kept) {
    const target = join(episodesDir, episodeRunId(episodes.length));
    rmSync(target, { recursive: true, force: true });
    cpSync(dir, target, { recursive: true });
    const rec = adoptedRecord(target, episodes.length, curveDir, slots);
    if (rec === undefined) {
      rmSync(target, { recursive: true, force: true });
      notPlayed++;
      continue;
    }
    episodes.push(rec);
    runs.push(dir);
  }
  if (episodes.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, `no cold-start run under ${root} of the curve's player is a finished result of play`);
  return { episodes, coldStart: { from, runs, otherSetup, otherAgents, notPlayed } };
}
