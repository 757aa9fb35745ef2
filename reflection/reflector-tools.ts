/**
 * The reflector's fixed tool surface: list_episodes, read_episode, view_frames, read_notebook, read_skills,
 * read_curve and submit. Definitions are OpenAI function tools; results are JSON text, except that
 * `view_frames` also returns images, which the loop sends in a user message after the tool results.
 */
import { formatIssues } from '../protocol/index.js';
import type OpenAI from 'openai';
import { z } from 'zod';
import type { GameEntry } from '../games-manifest/index.js';
import type { CurveSettings } from './curve-settings.js';
import type { EpisodeRecord, RollbackRecord, RoundRecord } from './curve-state.js';
import { loadFrames, type EpisodeFrame } from './episode-frames.js';
import { summariseEpisode } from './episode-summary.js';
import type { Submission, TokenCounter } from './lints.js';

/** Names of the reflector's tools. */
export const ToolName = {
  LIST_EPISODES: 'list_episodes',
  READ_EPISODE: 'read_episode',
  VIEW_FRAMES: 'view_frames',
  READ_NOTEBOOK: 'read_notebook',
  READ_SKILLS: 'read_skills',
  READ_CURVE: 'read_curve',
  SUBMIT: 'submit',
} as const;
export type ToolName = (typeof ToolName)[keyof typeof ToolName];

/** A skill with the round that played it and that round's mean score. */
export interface SkillRef {
  readonly round: number;
  readonly skill: string;
  readonly mean: number | undefined;
}

/** Everything the tools read during one reflection. */
export interface ReflectionInput {
  /** The round just played, whose episodes are inspected. */
  readonly round: number;
  readonly entry: GameEntry;
  readonly variant: string;
  /** The player's slots. */
  readonly slots: readonly number[];
  /** This round's episodes, with absolute run directories. */
  readonly episodes: readonly { readonly record: EpisodeRecord; readonly dir: string }[];
  /** The skill this round played. */
  readonly played: SkillRef;
  /** The skill to revise: the played one, or the best one after a rollback. */
  readonly base: SkillRef;
  readonly best: SkillRef;
  readonly notebook: string;
  /** Every round so far, this one included. */
  readonly rounds: readonly RoundRecord[];
  readonly rollback: RollbackRecord | undefined;
  readonly settings: CurveSettings;
  readonly countTokens: TokenCounter;
}

/** A frame shown by `view_frames`, with the episode it comes from. */
export interface ShownFrame extends EpisodeFrame {
  readonly episode: number;
}

/** What one tool call produced: text for the tool message, and frames or a submission when there are. */
export interface ToolResult {
  readonly text: string;
  readonly frames?: readonly ShownFrame[];
  readonly submission?: Submission;
}

const noParams = { type: 'object', properties: {}, additionalProperties: false } as const;

/** The tool definitions sent with every reflector request. */
export function toolDefinitions(settings: CurveSettings): OpenAI.Chat.ChatCompletionFunctionTool[] {
  const fn = (name: ToolName, description: string, parameters: Record<string, unknown>): OpenAI.Chat.ChatCompletionFunctionTool => ({ type: 'function', function: { name, description, parameters } });
  return [
    fn(ToolName.LIST_EPISODES, "List this round's episodes: seed, score, why each ended, decisions and invalid answers.", noParams),
    fn(ToolName.READ_EPISODE, 'Read one episode: progress over time, events, cause of the end, actions taken, invalid answers, and which decision steps have frames.', {
      type: 'object',
      properties: { episode: { type: 'integer', minimum: 0, description: 'episode number from list_episodes' } },
      required: ['episode'],
      additionalProperties: false,
    }),
    fn(ToolName.VIEW_FRAMES, `See the frames the player saw at chosen decision steps of an episode (at most ${settings.reflector.maxFramesPerCall} per call); the images follow in the next message. Without steps, frames spread over the episode are shown.`, {
      type: 'object',
      properties: {
        episode: { type: 'integer', minimum: 0 },
        steps: { type: 'array', items: { type: 'integer', minimum: 0 }, maxItems: settings.reflector.maxFramesPerCall, description: 'decision steps (see read_episode frameSteps)' },
        slot: { type: 'integer', minimum: 0, description: 'player slot, for games with several (default: the first)' },
      },
      required: ['episode'],
      additionalProperties: false,
    }),
    fn(ToolName.READ_NOTEBOOK, 'Read the experience notebook: your factual notes from earlier rounds.', noParams),
    fn(ToolName.READ_SKILLS, 'Read the skill played this round, the skill to revise (the best one after a rollback) and the best skill so far, with their scores and token counts.', noParams),
    fn(ToolName.READ_CURVE, 'Read the curve so far: each round\'s mean and episode scores, rollbacks and how each skill was made.', noParams),
    fn(ToolName.SUBMIT, `Submit the next skill (at most ${settings.skillTokens} tokens, shown to the player), the whole notebook (at most ${settings.notebookTokens} tokens, replaces the old one) and a short diagnosis (at most ${settings.diagnosisTokens} tokens). Ends the reflection when accepted.`, {
      type: 'object',
      properties: {
        skill: { type: 'string', description: 'the new skill prompt for the player' },
        notebook: { type: 'string', description: 'the full updated experience notebook' },
        diagnosis: { type: 'string', description: 'what went wrong or right this round, and what the new skill changes' },
      },
      required: ['skill', 'notebook', 'diagnosis'],
      additionalProperties: false,
    }),
  ];
}

const ReadEpisodeArgs = z.looseObject({ episode: z.number().int().min(0) });
const ViewFramesArgs = z.looseObject({ episode: z.number().int().min(0), steps: z.array(z.number().int().min(0)).optional(), slot: z.number().int().min(0).optional() });
const SubmitArgs = z.looseObject({ skill: z.string(), notebook: z.string(), diagnosis: z.string() });

/** Most characters of one tool result; longer results are cut with a note. */
export const MAX_TOOL_RESULT_CHARS = 24_000;

const json = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text.length <= MAX_TOOL_RESULT_CHARS ? text : `${text.slice(0, MAX_TOOL_RESULT_CHARS)}\n…(cut at ${MAX_TOOL_RESULT_CHARS} characters)`;
};

/** A tool error as the model sees it: a stable code and a message. */
export const toolError = (code: string, message: string): ToolResult => ({ text: json({ error: code, message }) });

/** Parses a tool call's JSON arguments (empty means `{}`) with `schema`; a message naming each bad field otherwise. */
export function parseArgs<T>(raw: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = raw.trim().length === 0 ? {} : JSON.parse(raw);
  } catch {
    return { ok: false, message: 'arguments are not JSON' };
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: formatIssues(parsed.error, '(arguments)') };
}

const mean3 = (m: number | undefined): number | null => (m === undefined ? null : Math.round(m * 1000) / 1000);

function skillView(ref: SkillRef, countTokens: TokenCounter): Record<string, unknown> {
  return { round: ref.round, mean: mean3(ref.mean), tokens: countTokens(ref.skill), text: ref.skill };
}

/** Runs one inspection tool (not submit) and returns its result. */
export async function runInspectionTool(name: string, rawArgs: string, input: ReflectionInput): Promise<ToolResult> {
  const episodeDir = (n: number) => input.episodes.find((e) => e.record.episode === n);
  switch (name) {
    case ToolName.LIST_EPISODES:
      return {
        text: json({
          round: input.round,
          variant: input.variant,
          episodes: input.episodes.map(({ record: e }) => ({ episode: e.episode, seed: e.seed, score: e.score, end: e.reason, atSeconds: Math.round(e.simMs / 10) / 100, decisions: e.decisions, invalid: e.invalid, failed: e.failed, status: e.status })),
        }),
      };
    case ToolName.READ_EPISODE: {
      const args = parseArgs(rawArgs, ReadEpisodeArgs);
      if (!args.ok) return toolError('BAD_ARGUMENTS', args.message);
      const ep = episodeDir(args.value.episode);
      if (!ep) return toolError('UNKNOWN_EPISODE', `no episode ${args.value.episode} this round; episodes: ${input.episodes.map((e) => e.record.episode).join(', ')}`);
      return { text: json(summariseEpisode(ep.dir, ep.record.episode, input.slots)) };
    }
    case ToolName.VIEW_FRAMES: {
      const args = parseArgs(rawArgs, ViewFramesArgs);
      if (!args.ok) return toolError('BAD_ARGUMENTS', args.message);
      const ep = episodeDir(args.value.episode);
      if (!ep) return toolError('UNKNOWN_EPISODE', `no episode ${args.value.episode} this round; episodes: ${input.episodes.map((e) => e.record.episode).join(', ')}`);
      const slot = args.value.slot ?? input.slots[0]!;
      if (!input.slots.includes(slot)) return toolError('BAD_ARGUMENTS', `slot ${slot} is not a player slot; slots: ${input.slots.join(', ')}`);
      const { maxFramesPerCall, frameMaxSide } = input.settings.reflector;
      const pick = await loadFrames(ep.dir, slot, args.value.steps, maxFramesPerCall, frameMaxSide);
      const cut = (args.value.steps?.length ?? 0) > maxFramesPerCall;
      return {
        text: json({
          episode: ep.record.episode,
          slot,
          frames: pick.frames.map((f) => ({ step: f.step, t: f.t })),
          ...(pick.missing.length > 0 ? { missing: pick.missing } : {}),
          ...(cut ? { note: `only the first ${maxFramesPerCall} steps were taken` } : {}),
          images: pick.frames.length > 0 ? 'in the next user message, in this order' : 'none',
        }),
        frames: pick.frames.map((f) => ({ ...f, episode: ep.record.episode })),
      };
    }
    case ToolName.READ_NOTEBOOK:
      return { text: json({ tokens: input.countTokens(input.notebook), capTokens: input.settings.notebookTokens, notebook: input.notebook }) };
    case ToolName.READ_SKILLS:
      return {
        text: json({
          played: skillView(input.played, input.countTokens),
          ...(input.base.round !== input.played.round ? { base: skillView(input.base, input.countTokens), baseNote: 'rolled back: revise this one' } : {}),
          best: skillView(input.best, input.countTokens),
          capTokens: input.settings.skillTokens,
        }),
      };
    case ToolName.READ_CURVE:
      return {
        text: json({
          roundsPlanned: input.settings.rounds,
          successThreshold: input.settings.successThreshold,
          rollbackRatio: input.settings.rollbackRatio,
          best: { round: input.best.round, mean: mean3(input.best.mean) },
          rounds: input.rounds.map((r) => ({
            round: r.round,
            mean: mean3(r.mean),
            scores: r.episodes.map((e) => e.score),
            skill: r.source,
            skillTokens: r.skillTokens,
            ...(r.reflection?.keepReason ? { keptBecause: r.reflection.keepReason } : {}),
            ...(r.rollback ? { rollbackTo: r.rollback.toRound } : {}),
          })),
        }),
      };
    default:
      return toolError('UNKNOWN_TOOL', `no tool '${name.slice(0, 64)}'; tools: ${Object.values(ToolName).join(', ')}`);
  }
}

/** Parses a submit call's arguments; a message when they are not three strings. */
export function parseSubmission(rawArgs: string): { ok: true; submission: Submission } | { ok: false; message: string } {
  const args = parseArgs(rawArgs, SubmitArgs);
  return args.ok ? { ok: true, submission: { skill: args.value.skill, notebook: args.value.notebook, diagnosis: args.value.diagnosis } } : args;
}
