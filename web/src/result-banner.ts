/** A finished run's result, prominent: each player's outcome, final progress and score, and how and when the episode ended. */
import { formatDuration, formatNumber } from '../../protocol/table-format.js';
import { h } from './dom.js';

/** A run's result as run.json and a match job's result carry it. */
export interface RunResult {
  readonly reason?: string;
  readonly episode?: string;
  readonly simMs?: number;
  readonly players?: readonly { slot: number; label?: string; progress: number; score?: number; outcome?: string; decisions?: number; invalid?: number; failed?: number }[];
}

/** The banner of a run's result; `status` and `failure` tell an unfinished or failed run. */
export function resultBanner(result: RunResult | undefined, status: string, failure?: { class?: string; code?: string; message?: string }): HTMLElement {
  const box = h('section', { class: `result ${status}`, 'data-testid': 'run-result' });
  if (!result) {
    box.append(h('div', { class: 'result-head' }, status === 'running' ? 'running: no result yet' : `${status}: no result`), failure ? h('div', {}, [failure.class, failure.code, failure.message].filter(Boolean).join(': ')) : '');
    return box;
  }
  const players = [...(result.players ?? [])].sort((a, b) => a.slot - b.slot);
  box.append(
    h('div', { class: 'result-head' }, `${status === 'complete' ? 'Result' : status}: ended by ${result.reason ?? 'unknown'}${result.simMs === undefined ? '' : ` at ${formatDuration(result.simMs)} of game time`}${result.episode ? ` (${result.episode})` : ''}`),
    h(
      'div',
      { class: 'result-players' },
      ...players.map((p) =>
        h(
          'div',
          { class: `player ${p.outcome ?? 'none'}`, 'data-testid': 'result-player' },
          h('span', { class: 'who' }, `${p.label ?? `slot ${p.slot}`} (slot ${p.slot})`),
          p.outcome && p.outcome !== 'none' ? h('b', { class: 'outcome' }, p.outcome) : '',
          h('span', {}, `progress ${formatNumber(p.progress, 3)}`),
          p.score === undefined ? '' : h('span', {}, `score ${formatNumber(p.score)}`),
          p.decisions === undefined ? '' : h('span', { class: 'muted' }, `${p.decisions} decisions, ${p.invalid ?? 0} invalid, ${p.failed ?? 0} failed`),
        ),
      ),
    ),
  );
  if (failure) box.append(h('div', { class: 'error' }, [failure.class, failure.code, failure.message].filter(Boolean).join(': ')));
  return box;
}
