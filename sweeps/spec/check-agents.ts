/** Makes every agent of a spec once for each game it plays, so a bad kind or config fails before any episode. */
import { toArenaError } from '../../protocol/index.js';
import type { EpisodeJob } from '../work/episode-job.js';
import type { AgentFactory } from '../work/run-episode.js';
import type { SpecIssue } from './read-spec.js';
import type { SweepSpec } from './sweep-spec.js';

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
  return found;
}
