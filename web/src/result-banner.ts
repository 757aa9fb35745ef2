/** A finished run's result, prominent: each player's outcome, final progress and score (under the omnigamearena profile the benchmark's own), and how and when the episode ended. */
import { endText, playerText, SCORE_MEASURES } from '../../protocol/score-measure.js';
import { formatDuration, formatNumber } from '../../protocol/table-format.js';
import { h } from './dom.js';

/** A run's result as run.json and a match job's result carry it. */
export interface RunResult {
  readonly reason?: string;
  readonly episode?: string;
  readonly simMs?: number;
  readonly players?: readonly { slot: number; label?: string; progress: number; score?: number; outcome?: string; decisions?: number; invalid?: number; failed?: number }[];
  /** Under the omnigamearena profile: the score the benchmark's runner reports, raw and unclamped, per player in slot order or once for a Coop team. */
  readonly benchmark?: { readonly scores: readonly number[] };
}

/** The benchmark score of the player in `slot`: one team score for every player, else the players' scores in slot order. */
function benchmarkOf(result: RunResult, slots: readonly number[], slot: number): number | undefined {
  const scores = result.benchmark?.scores;
  if (scores === undefined) return undefined;
  return scores.length === 1 ? scores[0] : scores[slots.indexOf(slot)];
}

/** A failure as one line: its class, code and message, a word said once (`aborted: ABORTED` reads `aborted`). */
function failureText(f: { class?: string; code?: string; message?: string }): string {
  const parts = [f.class, f.code, f.message].filter((x): x is string => Boolean(x));
  return parts.filter((x, i) => parts.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === i).join(': ');
}

/** The banner of a run's result; `status` and `failure` tell an unfinished or failed run. */
export function resultBanner(result: RunResult | undefined, status: string, failure?: { class?: string; code?: string; message?: string }): HTMLElement {
  const box = h('section', { class: `result ${status}`, 'data-testid': 'run-result' });
  if (!result) {
    box.append(h('div', { class: 'result-head' }, status === 'running' ? 'running: no result yet' : `${status}: no result`), failure ? h('div', {}, failureText(failure)) : '');
    return box;
  }
  const players = [...(result.players ?? [])].sort((a, b) => a.slot - b.slot);
  const slots = players.map((p) => p.slot);
  box.append(
    h('div', { class: 'result-head' }, `${status === 'complete' ? 'Result' : status}: ended (${endText(result.reason, result.episode)})${result.simMs === undefined ? '' : ` at ${formatDuration(result.simMs)} of game time`}`),
    h(
      'div',
      { class: 'result-players' },
      ...players.map((p) => {
        const bench = benchmarkOf(result, slots, p.slot);
        return h(
          'div',
          { class: `player ${p.outcome ?? 'none'}`, 'data-testid': 'result-player' },
          h('span', { class: 'who' }, playerText(p.label ?? 'player', p.slot)),
          p.outcome && p.outcome !== 'none' ? h('b', { class: 'outcome' }, p.outcome) : '',
          bench === undefined ? '' : h('b', { 'data-testid': 'benchmark-score', title: SCORE_MEASURES.benchmark.axis }, `${SCORE_MEASURES.benchmark.name} ${formatNumber(bench, 3)}`),
          h('span', {}, `progress ${formatNumber(p.progress, 3)}`),
          p.score === undefined ? '' : h('span', {}, `score ${formatNumber(p.score)}`),
          p.decisions === undefined ? '' : h('span', { class: 'muted' }, `${p.decisions} decisions, ${p.invalid ?? 0} invalid, ${p.failed ?? 0} failed`),
        );
      }),
    ),
  );
  if (failure) box.append(h('div', { class: 'error' }, failureText(failure)));
  return box;
}
