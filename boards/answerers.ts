/** Who answers an offline sample: a model through the VLM agent, or the random baseline of the task. */
import { ACTION_END, ACTION_START, Prng, formatChunk, type Agent } from '../protocol/index.js';
import { LETTERS } from './choice.js';
import type { Sample } from './samples.js';
import { tasksOf } from './samples.js';
import type { OfflineTask } from './task-prompt.js';

/** Answers one sample given the task's system prompt and the sample's text (the QA question). */
export type Answerer = (sample: Sample, system: string, text: string) => Promise<string>;

/** The VLM agent (or any agent) as an answerer: one fresh start per sample, so no history carries over. */
export function agentAnswerer(agent: Agent, game: string, signal: AbortSignal): Answerer {
  return async (sample, system, text) => {
    const controls = { keys: [], buttons: [], tapControls: [], mouseAxes: [], maxLookDeg: 180, chunkSteps: 1, stepMs: 1000, tapMs: 1 };
    await agent.start({ matchId: `boards-${sample.index}`, game, variant: 'origin', slot: 0, team: 0, controls, gamePrompt: text === '' ? system : `${system}\n\n${text}`, stepBudget: 1 });
    const decision = await agent.decide({ slot: 0, step: 0, simMs: 0, frame: { seq: sample.index, width: sample.width, height: sample.height, encoding: 'rgb', data: sample.rgb }, progress: 0 }, signal);
    return decision.kind === 'answer' ? decision.answer : '';
  };
}

/** The random baseline: a uniformly random matrix, letter or move, answered the way a model must. */
export function randomAnswerer(task: OfflineTask, game: string, seed: number): Answerer {
  const tasks = tasksOf(game);
  return async (sample) => {
    const rng = new Prng(seed, 7000 + sample.index);
    if (task === 'perceive') {
      const truth = sample.truth ?? [];
      const values = tasks.matrixValues;
      return `${ACTION_START}${JSON.stringify(truth.map((row) => row.map(() => values[rng.int(values.length)]!)))}${ACTION_END}`;
    }
    if (task === 'qa') return formatChunk({ look: { dx: 0, dy: 0 }, steps: [[]], move: LETTERS[rng.int(4)]! });
    return formatChunk({ look: { dx: 0, dy: 0 }, steps: [[]], move: tasks.randomMove(rng) });
  };
}
