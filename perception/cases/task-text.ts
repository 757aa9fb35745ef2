/**
 * task.md of a Video-Arena case: the game, its players, its critical-event vocabulary, its tracked-variable
 * definitions, the answer schema and the matching rule. It depends on the game only (never on the case's
 * labels) and on no protocol: the native and agentic protocols wrap it in their own delivery text.
 */
import { UPDATE_DEFINITION, type PerceptionAdapter } from '../../games/index.js';
import { getGame } from '../../games-manifest/index.js';
import { TIME_TOLERANCE_S } from '../tuple.js';

const cell = (s: string): string => s.replace(/\|/g, '\\|');

/** The task instructions for a case of `adapter`'s game and `variant`. */
export function taskText(adapter: PerceptionAdapter, variant: string): string {
  const entry = getGame(adapter.game);
  const labels = Object.values(adapter.players.labels);
  const lines = [
    `# Video-Arena task: ${entry.name} (${adapter.game}, variant ${variant})`,
    '',
    `The video shows one episode of ${entry.name}, from its first frame to its end. ${adapter.players.description}`,
    'Watch it and list every critical event it shows, each as one tuple: what happened and to whom, when (T1),',
    'the state update it caused (T2) and the task-relevant state it left (T3).',
    '',
    '## Critical events',
    '',
    '| event | what it is |',
    '| --- | --- |',
    ...adapter.events.map((e) => `| \`${e.name}\` | ${cell(e.description)} |`),
    '',
    '## Tracked variables',
    '',
    '| variable | definition | values | part of T2 |',
    '| --- | --- | --- | --- |',
    ...adapter.variables.map((v) => `| \`${v.name}\` | ${cell(v.definition)} | ${cell(v.domain)} | ${v.update ? 'yes' : 'no'} |`),
    '',
    '## One tuple',
    '',
    '- `t`: when the event happens, in seconds from the video\'s first frame (a number).',
    `- \`event\`: its name from the table of critical events.`,
    `- \`who\`: ${labels.map((l) => `\`${l}\``).join(', ')} or \`null\`, as the event's description says.`,
    `- \`update\` (T2): ${UPDATE_DEFINITION}.`,
    `- \`state\` (T3): ${adapter.resultDefinition}.`,
    '',
    'Several events in the same instant each get their own tuple, with the same update and state.',
    '',
    '## Answer',
    '',
    'A JSON array of tuple objects, in any order, and nothing else:',
    '',
    '```json',
    '[{"t": 0.0, "event": "<event>", "who": "<who or null>", "update": "<T2>", "state": "<T3>"}]',
    '```',
    '',
    '## Matching',
    '',
    `A tuple of the answer matches a reference tuple when \`event\`, \`who\`, \`update\` and \`state\` are equal as written`,
    `(exact strings) and the times differ by at most ${TIME_TOLERANCE_S} s. Each reference tuple matches at most one answer tuple:`,
    'answer tuples are paired greedily with the nearest unused reference of the same event and actor. The score is',
    'the F1 of matched tuples (precision over the answer, recall over the references).',
    '',
  ];
  return lines.join('\n');
}
