/**
 * The agentic protocol's tools, over the sandbox only: video facts, frames over a span or at one time, and the
 * answer file. No shell and no code execution. Each tool answers text for the tool message and, for frames,
 * images that follow in a user message.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { ErrorCode, hasCode, formatIssues } from '../../protocol/index.js';
import { MAX_FRAME_WIDTH } from '../media/frame-grid.js';
import { extractFrames, probeVideo, type VideoFrame } from '../media/video-frames.js';
import { checkTuple, readAnswer } from './answer-format.js';
import type { Sandbox } from './agentic-sandbox.js';

/** Most frames one `frames` call returns. */
export const MAX_FRAMES_PER_CALL = 32;

/** What a tool gave back. */
export interface ToolOutput {
  readonly text: string;
  readonly frames: readonly VideoFrame[];
  /** A refusal's code (bad arguments, unknown tool, ...). */
  readonly error?: string;
  readonly finish?: boolean;
}

const Width = z.number().int().min(16).max(MAX_FRAME_WIDTH).optional();
const Args = {
  probe: z.strictObject({}),
  frames: z.strictObject({ start_s: z.number().min(0), end_s: z.number().min(0), fps: z.number().positive().max(30).optional(), count: z.number().int().min(1).max(MAX_FRAMES_PER_CALL).optional(), width: Width }),
  frame_at: z.strictObject({ t: z.number().min(0), width: Width }),
  read_answer: z.strictObject({}),
  write_answer: z.strictObject({ tuples: z.array(z.unknown()).max(10_000) }),
  finish: z.strictObject({}),
} as const;
type ToolName = keyof typeof Args;

const number = (description: string): Record<string, unknown> => ({ type: 'number', description });

/** The tools in the OpenAI tools format. */
export const AGENTIC_TOOLS = [
  { name: 'probe', description: 'Facts about video.mp4 from ffprobe: duration (s), frame rate, width, height, codec, frame count.', parameters: { type: 'object', properties: {}, additionalProperties: false } },
  {
    name: 'frames',
    description: `Frames of video.mp4 from start_s up to end_s, either fps per second or count spread uniformly (at most ${MAX_FRAMES_PER_CALL}); each frame's time is listed.`,
    parameters: { type: 'object', properties: { start_s: number('span start, s'), end_s: number('span end, s'), fps: number('frames per second'), count: { type: 'integer', description: 'frames in the span' }, width: { type: 'integer', description: `width in px, at most ${MAX_FRAME_WIDTH}` } }, required: ['start_s', 'end_s'], additionalProperties: false },
  },
  { name: 'frame_at', description: 'The frame of video.mp4 at time t (s).', parameters: { type: 'object', properties: { t: number('time, s'), width: { type: 'integer' } }, required: ['t'], additionalProperties: false } },
  { name: 'read_answer', description: 'The current content of answer.json.', parameters: { type: 'object', properties: {}, additionalProperties: false } },
  { name: 'write_answer', description: 'Replace the tuples in answer.json (every tuple is checked; nothing is written if one is bad).', parameters: { type: 'object', properties: { tuples: { type: 'array', items: { type: 'object' } } }, required: ['tuples'], additionalProperties: false } },
  { name: 'finish', description: 'End the analysis: answer.json as it is now is the answer.', parameters: { type: 'object', properties: {}, additionalProperties: false } },
].map((f) => ({ type: 'function' as const, function: f }));

const refuse = (error: string, text: string): ToolOutput => ({ text: JSON.stringify({ error, message: text }), frames: [], error });

function spanGrid(a: z.infer<typeof Args.frames>): { startS: number; stepS: number; count: number } | string {
  if (a.end_s < a.start_s) return 'end_s is before start_s';
  if ((a.fps === undefined) === (a.count === undefined)) return 'give exactly one of fps and count';
  const span = a.end_s - a.start_s;
  if (a.count !== undefined) return { startS: a.start_s, stepS: a.count > 1 ? span / (a.count - 1) : 0, count: a.count };
  const count = Math.floor(span * a.fps! + 1e-9) + 1;
  if (count > MAX_FRAMES_PER_CALL) return `that is ${count} frames; at most ${MAX_FRAMES_PER_CALL} per call`;
  return { startS: a.start_s, stepS: 1 / a.fps!, count };
}

/** Runs one tool call on the sandbox; bad arguments, unknown tools and times with no frame are refused with a code, never thrown. Media tool failures throw (an infrastructure failure). */
export async function runTool(sandbox: Sandbox, name: string, rawArgs: string, signal: AbortSignal): Promise<ToolOutput> {
  try {
    return await toolCall(sandbox, name, rawArgs, signal);
  } catch (err) {
    if (hasCode(err, ErrorCode.BAD_RECORD)) return refuse('NO_FRAME', (err as Error).message.replace(sandbox.dir, '.'));
    throw err;
  }
}

async function toolCall(sandbox: Sandbox, name: string, rawArgs: string, signal: AbortSignal): Promise<ToolOutput> {
  if (!(name in Args)) return refuse('UNKNOWN_TOOL', `no tool '${name}'; the tools are ${Object.keys(Args).join(', ')}`);
  let json: unknown;
  try {
    json = rawArgs.trim() === '' ? {} : JSON.parse(rawArgs);
  } catch {
    return refuse('BAD_ARGUMENTS', 'the arguments are not JSON');
  }
  const tool = name as ToolName;
  const parsed = Args[tool].safeParse(json);
  if (!parsed.success) return refuse('BAD_ARGUMENTS', formatIssues(parsed.error, '(arguments)'));
  switch (tool) {
    case 'probe':
      return { text: JSON.stringify(await probeVideo(sandbox.video, signal)), frames: [] };
    case 'frames': {
      const a = parsed.data as z.infer<typeof Args.frames>;
      const grid = spanGrid(a);
      if (typeof grid === 'string') return refuse('BAD_ARGUMENTS', grid);
      const frames = await extractFrames(sandbox.video, grid, a.width ?? MAX_FRAME_WIDTH, signal);
      return { text: JSON.stringify({ frames: frames.length, times: frames.map((f) => f.t) }), frames };
    }
    case 'frame_at': {
      const a = parsed.data as z.infer<typeof Args.frame_at>;
      const frames = await extractFrames(sandbox.video, { startS: a.t, stepS: 0, count: 1 }, a.width ?? MAX_FRAME_WIDTH, signal);
      return { text: JSON.stringify({ frames: frames.length, times: frames.map((f) => f.t) }), frames };
    }
    case 'read_answer':
      return { text: readFileSync(sandbox.answer, 'utf8'), frames: [] };
    case 'write_answer': {
      const tuples = (parsed.data as z.infer<typeof Args.write_answer>).tuples.map(checkTuple);
      const bad = tuples.flatMap((t, i) => (typeof t === 'string' ? [`tuple ${i}: ${t}`] : []));
      if (bad.length > 0) return refuse('BAD_TUPLES', bad.slice(0, 20).join('\n'));
      writeFileSync(sandbox.answer, `${JSON.stringify({ tuples })}\n`);
      return { text: JSON.stringify({ written: tuples.length }), frames: [] };
    }
    case 'finish': {
      const read = readAnswer(readFileSync(sandbox.answer, 'utf8'));
      return { text: JSON.stringify({ finished: true, tuples: read.ok ? read.tuples.length : 0 }), frames: [], finish: true };
    }
  }
}
