/** The prompts of the offline tasks, built from the game's manifest entry so that they say what the game says. */
import { ACTION_END, ACTION_START } from '../protocol/index.js';
import type { GameEntry } from '../games-manifest/index.js';

/** The offline tasks. */
export const OFFLINE_TASKS = ['perceive', 'qa', 'rule'] as const;
export type OfflineTask = (typeof OFFLINE_TASKS)[number];

/** The system prompt of one task on one board. */
export function taskPrompt(task: OfflineTask, entry: GameEntry, legend: string): string {
  const head = `The image shows a position of ${entry.name}. ${entry.prompt.screen}`;
  switch (task) {
    case 'perceive':
      return `${head}\n\nWrite the board as ${legend}. The position may not be reachable in a real game; write exactly what you see.\nAnswer with the matrix as JSON between the markers, e.g. ${ACTION_START}[[0,1],[2,0]]${ACTION_END}`;
    case 'qa':
      return `${head}\n\nAnswer the question about the board. Answer with exactly one letter, A, B, C or D, between the markers, e.g. ${ACTION_START}B${ACTION_END}`;
    case 'rule':
      return `${head}\n\nRules: ${entry.prompt.rules}\n\nIt is your move. Choose one legal move. Moves are written ${entry.controls.move?.notation ?? ''}\nAnswer with the move between the markers, e.g. ${ACTION_START}${entry.controls.move?.example ?? ''}${ACTION_END}`;
  }
}
