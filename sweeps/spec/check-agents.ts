/** Makes every agent of a spec once for each game it plays, so a bad kind or config fails before any episode. */
import { listGames } from '../../games-manifest/index.js';
import { ArenaError, ErrorCode, toArenaError } from '../../protocol/index.js';
import type { EpisodeJob } from '../work/episode-job.js';
import type { AgentFactory } from '../work/run-episode.js';
import { expandSpec } from './cells.js';
import { specError, type SpecIssue, type SpecSource } from './read-spec.js';
import type { SweepSpec } from './sweep-spec.js';

/** The first game of the spec the manifest knows, to make agents on when no cell could be laid out. */
function knownGame(spec: SweepSpec): string | undefined {
  for (const item of spec.games) {
    const id = typeof item === 'string' ? item : item.game;
    if (listGames().some((g) => g.id === id)) return id;
  }
  return undefined;
}

/** Issues for agents that cannot be made for a game they are scheduled on. */
export async function checkAgents(spec: SweepSpec, jobs: readonly EpisodeJob[], makeAgent: AgentFactory): Promise<SpecIssue[]> {
  const found: SpecIssue[] = [];
  const tried = new Set<string>();
  for (const job of jobs) {
    for (const a of job.agents) {
      const key = `${a.label}@${job.cellInfo.game}`;
      if (tried.has(key)) continue;
      tried.add(key);
      try {
        await makeAgent(a.kind, { game: job.cellInfo.game, seed: job.seed, ...(a.vlm === undefined ? {} : { vlm: a.vlm }) }).close();
      } catch (err) {
        const i = spec.agents.findIndex((x) => x.label === a.label);
        found.push({ path: ['agents', i, 'kind'], message: `${a.label} on ${job.cellInfo.game}: ${toArenaError(err).message}` });
      }
    }
  }
  // An agent no cell schedules (its games are unknown, or it is in no line-up) is still made once, so a mistyped kind is named too.
  const game = jobs[0]?.cellInfo.game ?? knownGame(spec);
  if (game !== undefined) {
    for (const [i, a] of spec.agents.entries()) {
      if ([...tried].some((k) => k.startsWith(`${a.label}@`))) continue;
      try {
        await makeAgent(a.kind, { game, seed: spec.seed, ...(a.vlm === undefined ? {} : { vlm: a.vlm }) }).close();
      } catch (err) {
        const e = toArenaError(err);
        if (e.code === ErrorCode.UNKNOWN_AGENT) found.push({ path: ['agents', i, 'kind'], message: `${a.label}: ${e.message}` });
      }
    }
  }
  return found;
}

/** Every episode job of the spec; one BAD_CONFIG naming every issue at once (unplayable cells and agents that cannot be made). */
export async function checkedJobs(spec: SweepSpec, source: SpecSource, makeAgent: AgentFactory): Promise<EpisodeJob[]> {
  const { jobs, issues } = expandSpec(spec);
  const all = [...issues, ...(await checkAgents(spec, jobs, makeAgent))];
  if (all.length > 0) throw specError(source, all);
  if (jobs.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, 'the spec has no episodes');
  return jobs;
}
