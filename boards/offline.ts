/** Perceiving, QA and Rule Following: every sample asked, scored as the paper does, beside the random baseline. */
import { parseMoveAnswer } from '../protocol/index.js';
import { getGame } from '../games-manifest/index.js';
import type { Answerer } from './answerers.js';
import { readLetter } from './choice.js';
import { cellAccuracy } from './matrix.js';
import { makeSamples, tasksOf, type Sample } from './samples.js';
import { taskPrompt, type OfflineTask } from './task-prompt.js';

/** One scored sample. */
export interface SampleResult {
  readonly index: number;
  readonly score: number;
  readonly answer: string;
  /** Why the answer scored 0 when it could not be read or was not legal. */
  readonly reason?: string;
}

/** A task's result: the mean score over its samples and every sample's score. */
export interface OfflineResult {
  readonly task: OfflineTask;
  readonly game: string;
  readonly samples: number;
  readonly score: number;
  readonly results: readonly SampleResult[];
}

/** Scores one answer to one sample: cell accuracy, the exact letter, or legality checked by the game's own rules. */
export function scoreAnswer(task: OfflineTask, game: string, sample: Sample, answer: string): Omit<SampleResult, 'index' | 'answer'> {
  if (task === 'perceive') {
    const { accuracy, parse } = cellAccuracy(answer, sample.truth ?? []);
    return parse.ok ? { score: accuracy } : { score: 0, reason: `${parse.reason}: ${parse.detail}` };
  }
  if (task === 'qa') {
    const letter = readLetter(answer);
    if (letter === undefined) return { score: 0, reason: 'NO_LETTER: no single letter A-D between the markers' };
    return { score: letter === sample.choice?.answer ? 1 : 0 };
  }
  const parsed = parseMoveAnswer(answer);
  if (!parsed.ok) return { score: 0, reason: `${parsed.reason}: ${parsed.detail}` };
  const check = tasksOf(game).check(sample.position, parsed.chunk.move ?? '');
  return check.ok ? { score: 1 } : { score: 0, reason: `${check.reason}: ${check.detail}` };
}

/** Asks `answerer` every sample of `task` on `game` (deterministic per seed) and scores the answers. */
export async function runOffline(task: OfflineTask, game: string, count: number, seed: number, answerer: Answerer): Promise<OfflineResult> {
  const entry = getGame(game);
  const system = taskPrompt(task, entry, tasksOf(game).matrixLegend);
  const results: SampleResult[] = [];
  for (const sample of makeSamples(task, game, count, seed)) {
    const answer = await answerer(sample, system, sample.choice?.text ?? '');
    results.push({ index: sample.index, answer, ...scoreAnswer(task, game, sample, answer) });
  }
  const score = results.reduce((s, r) => s + r.score, 0) / Math.max(1, results.length);
  return { task, game, samples: results.length, score, results };
}
