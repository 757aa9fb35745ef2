/** The samples of an offline task: positions, images and exact answers, the same for the same seed. */
import { Prng } from '../protocol/index.js';
import { boardTasks, type BoardTasks } from '../games/index.js';
import { toChoice, type Choice } from './choice.js';
import type { OfflineTask } from './task-prompt.js';

/** One sample: the image of a position and what it asks. */
export interface Sample {
  readonly index: number;
  readonly position: unknown;
  /** Raw RGB, width x height x 3. */
  readonly rgb: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** The question (QA only) with lettered options. */
  readonly choice?: Choice;
  /** The true matrix (perceive only). */
  readonly truth?: number[][];
}

/** The task hooks of `game`; a RangeError naming the boards for any other id. */
export function tasksOf(game: string): BoardTasks<unknown> {
  const t = boardTasks[game];
  if (!t) throw new RangeError(`'${game}' is not a board; boards: ${Object.keys(boardTasks).join(', ')}`);
  return t;
}

/** `count` samples of `task` on `game` from `seed`: sample i depends only on (seed, i). */
export function makeSamples(task: OfflineTask, game: string, count: number, seed: number, width = 640, height = 360): Sample[] {
  const tasks = tasksOf(game);
  return Array.from({ length: count }, (_, index) => {
    const rng = new Prng(seed, 1000 + index);
    const position = task === 'perceive' ? tasks.randomPosition(rng) : tasks.playedPosition(rng);
    const rgb = new Uint8Array(width * height * 3);
    tasks.render(position, width, height, rgb);
    const base = { index, position, rgb, width, height };
    if (task === 'perceive') return { ...base, truth: tasks.matrix(position) };
    if (task === 'qa') {
      const questions = tasks.questions(position, rng);
      return { ...base, choice: toChoice(questions[rng.int(questions.length)]!, rng) };
    }
    return base;
  });
}
