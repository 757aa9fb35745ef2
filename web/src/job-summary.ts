/**
 * What a job ran, in one line a reader can take in: its game(s), agents, clock and episodes (a sweep's name
 * too), read from the configuration it was started with, whatever the kind's shape (a sweep's spec, a
 * tournament's or curve's flags, a match's configuration). The jobs list and each job's page say it.
 */
import type { Job } from './api.js';
import { h } from './dom.js';

/** A name out of a list item: the string, or an object's label, game or kind. */
function itemName(x: unknown): string {
  if (typeof x === 'string') return x.trim();
  if (typeof x === 'number') return String(x);
  if (typeof x !== 'object' || x === null) return '';
  const o = x as Record<string, unknown>;
  const name = [o.label, o.game, o.kind].find((v) => typeof v === 'string');
  return typeof name === 'string' ? name : '';
}

const list = (v: unknown): string[] => (Array.isArray(v) ? (v as unknown[]) : typeof v === 'string' ? v.split(',') : []).map(itemName).filter(Boolean);

/** The game(s) a job played. */
export function jobGames(config: Record<string, unknown>): string {
  const games = typeof config.game === 'string' ? [config.game] : list(config.games);
  return games.join(', ');
}

/** What the job ran: `browser-sweep: last_stand; agents random, scripted; clock pdq; 1 episode per cell`. */
export function jobSummary(job: Pick<Job, 'kind' | 'config'>): string {
  const c = job.config ?? {};
  const agents = list(c.agents ?? c.agent);
  const clocks = list(c.arms ?? c.fairness ?? c.clocks ?? c.clock);
  const episodes = typeof c.episodes === 'number' || typeof c.episodes === 'string' ? Number(c.episodes) : undefined;
  const per = job.kind === 'sweep' ? ' per cell' : job.kind === 'curve' ? ' per round' : job.kind === 'tournament' ? ' per line-up' : '';
  const parts = [
    jobGames(c),
    agents.length > 0 ? `${agents.length === 1 ? 'agent' : 'agents'} ${agents.join(', ')}` : '',
    `${c.arms !== undefined || c.fairness !== undefined ? 'fairness arms' : clocks.length > 1 ? 'clocks' : 'clock'} ${clocks.length > 0 ? clocks.join(', ') : 'pdq'}`,
    c.latency !== undefined || c.latencies !== undefined ? `latency ${list(c.latency ?? c.latencies).join(', ')}` : '',
    typeof c.rounds === 'number' || typeof c.rounds === 'string' ? `${c.rounds} reflection round${Number(c.rounds) === 1 ? '' : 's'}` : '',
    episodes !== undefined && Number.isFinite(episodes) ? `${episodes} episode${episodes === 1 ? '' : 's'}${per}` : '',
  ].filter(Boolean);
  return `${typeof c.name === 'string' ? `${c.name}: ` : ''}${parts.join('; ')}`;
}

/** The job's page head: the line above, and the whole configuration it was started with, folded. */
export function jobWhat(job: Job): HTMLElement {
  const lines = Object.entries(job.config ?? {}).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return h('section', { class: 'job-what' }, h('p', { 'data-testid': 'job-what' }, `${job.kind}${typeof job.config?.name === 'string' ? ' ' : ': '}${jobSummary(job)}`), h('details', {}, h('summary', {}, 'configuration as started'), h('pre', { 'data-testid': 'job-config' }, lines.join('\n'))));
}
