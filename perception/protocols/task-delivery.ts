/**
 * How each protocol delivers a case's task: task.md unchanged, between the same markers, with the same answer
 * schema, wrapped in delivery text of its own. The pre-flight check proves the task text and the schema root
 * are the same bytes under both protocols before any case runs.
 */
import { createHash } from 'node:crypto';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { ANSWER_SCHEMA_TEXT } from './answer-format.js';

/** The two ways a model gets a case. */
export const PROTOCOLS = ['native', 'agentic'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

const TASK_BEGIN = '=== TASK (task.md) ===';
const TASK_END = '=== END OF TASK ===';

/** The task block both protocols send: task.md exactly as read, between fixed markers. */
export function taskBlock(task: string): string {
  return `${TASK_BEGIN}\n${task}\n${TASK_END}`;
}

/** The answer-format block both protocols send. */
export const ANSWER_BLOCK = `Answer format: one JSON object matching this JSON Schema (times t in seconds from the video's first frame; null where a field does not apply):\n${ANSWER_SCHEMA_TEXT}`;

/** The native protocol's delivery text: before the task, and before the frames. */
export const NATIVE_DELIVERY = {
  intro: 'You are shown frames sampled from one game video. Read the task, watch the frames and answer once.',
  frames: (times: readonly number[]): string =>
    `You get ${times.length} frames in order. Their timestamps in seconds from the video's first frame (authoritative; use them for t):\n${JSON.stringify(times)}`,
  outro: 'Reply with the JSON object only: no tools, no second turn.',
} as const;

/** The agentic protocol's delivery text: the system message and the opening note. */
export const AGENTIC_DELIVERY = {
  system:
    'You analyse one game video in a sandbox folder holding video.mp4, task.md and answer.json. Use the tools to inspect the video ' +
    '(probe, frames, frame_at), keep your answer in answer.json (read_answer, write_answer) and call finish when it is complete. ' +
    'There is no shell and no other file. Only what answer.json holds when you finish (or when the turn or time budget ends) is scored.',
  opening: 'The task follows, then the answer format that write_answer expects (its "tuples").',
} as const;

/** The texts one protocol sends, in order. */
export function deliveredTexts(protocol: Protocol, task: string): string[] {
  return protocol === 'native' ? [NATIVE_DELIVERY.intro, taskBlock(task), ANSWER_BLOCK] : [AGENTIC_DELIVERY.system, AGENTIC_DELIVERY.opening, taskBlock(task), ANSWER_BLOCK];
}

/** What the pre-flight check saw: digests of the task and schema root, equal under both protocols. */
export interface Preflight {
  readonly taskSha256: string;
  readonly schemaSha256: string;
}

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

function carried(texts: readonly string[]): { task: string | undefined; schema: string | undefined } {
  const block = texts.find((t) => t.startsWith(`${TASK_BEGIN}\n`) && t.endsWith(`\n${TASK_END}`));
  const answer = texts.find((t) => t.startsWith('Answer format:'));
  return { task: block?.slice(TASK_BEGIN.length + 1, block.length - TASK_END.length - 1), schema: answer?.slice(answer.indexOf('\n') + 1) };
}

/** Checks that both protocols carry `task` byte for byte and the same answer schema root; BAD_CONFIG otherwise. */
export function preflight(task: string, deliver: (p: Protocol, task: string) => string[] = deliveredTexts): Preflight {
  const seen = PROTOCOLS.map((p) => ({ p, ...carried(deliver(p, task)) }));
  for (const s of seen) {
    if (s.task !== task) throw new ArenaError(ErrorCode.BAD_CONFIG, `pre-flight: the ${s.p} protocol does not carry task.md byte for byte`);
    if (s.schema !== ANSWER_SCHEMA_TEXT) throw new ArenaError(ErrorCode.BAD_CONFIG, `pre-flight: the ${s.p} protocol's answer schema root differs`);
  }
  return { taskSha256: sha(task), schemaSha256: sha(ANSWER_SCHEMA_TEXT) };
}
