/**
 * Fixtures for curve tests: a player whose play depends on its skill text (so scores are deterministic), a
 * reflector scripted through the fake provider's tool calls, and a runner with short last_stand episodes.
 */
import OpenAI from 'openai';
import { approxTokens } from '../../agents/index.js';
import { noopChunk, type Agent } from '../../protocol/index.js';
import { resolveAttempt } from '../../plans/index.js';
import { runCurve, type CurveEvent, type CurveSettingsInput, type CurveState, type PlayerContext } from '../../reflection/index.js';
import type { FakeProvider, FakeReply, FakeToolCall } from './fake-provider.js';
import { holdChunk, ScriptAgent } from './test-agents.js';

/** A skill that makes the test player stand still: it survives to the time limit. */
export const STAY = 'Stay still on your tile and watch for tiles that flash red.';
/** A skill that makes the test player walk forward: it falls off the platform within about two seconds. */
export const WALK = 'Walk forward to explore the platform.';

/**
 * The test player: walks forward (and soon falls) when its skill is empty or says "walk", else stands still.
 * Every call is logged so tests can tell which episodes were played.
 */
export function skillPlayer(log: (PlayerContext & { skill: string })[] = []): { makePlayer: (skill: string, ctx: PlayerContext) => Agent; log: (PlayerContext & { skill: string })[] } {
  return {
    log,
    makePlayer: (skill, ctx) => {
      log.push({ ...ctx, skill });
      const walk = skill.trim() === '' || /walk/i.test(skill);
      return new ScriptAgent(() => ({ chunk: walk ? holdChunk('W', 6) : noopChunk(6) }), { kind: 'skill-player' });
    },
  };
}

/** A tool call of a scripted reflector turn. */
export const call = (name: string, args: Record<string, unknown> | string = {}): FakeToolCall => ({ name, arguments: args });

/** A reflector turn that calls `submit`. */
export const submit = (skill: string, notebook = 'Round notes.', diagnosis = 'What changed.'): FakeReply => ({ toolCalls: [call('submit', { skill, notebook, diagnosis })] });

/** A reflector turn that calls the given tools at once. */
export const turn = (...calls: FakeToolCall[]): FakeReply => ({ toolCalls: calls });

/** An OpenAI client on the fake provider, without retries. */
export function reflectorClient(fake: FakeProvider): OpenAI {
  return new OpenAI({ baseURL: fake.url, apiKey: 'none', maxRetries: 0, timeout: 10_000 });
}

/**
 * Settings for a fast curve on last_stand: 6 decisions in a 6 s run with no observation delay (4.3 s of play, so
 * a player who survives them scores 0.72 of the run and no round reaches the success threshold), no held-out
 * variants.
 */
export function fastSettings(over: Partial<CurveSettingsInput> = {}): CurveSettingsInput {
  return {
    game: 'last_stand',
    rounds: 1,
    episodes: 1,
    heldOut: [],
    reflector: { model: 'fake-reflector', maxToolCalls: 8, maxSubmissions: 3 },
    match: { timeLimitMs: 6000, observationDelayMs: 0, stepBudget: 6 },
    ...over,
  };
}

/** Runs a curve with the skill player and the fake reflector. */
export function runTestCurve(
  dir: string,
  fake: FakeProvider,
  settings: CurveSettingsInput,
  options: { log?: (PlayerContext & { skill: string })[]; signal?: AbortSignal; onEvent?: (e: CurveEvent) => void; makePlayer?: (skill: string, ctx: PlayerContext) => Agent } = {},
): Promise<CurveState> {
  const player = skillPlayer(options.log);
  return runCurve({
    dir,
    settings,
    resolve: resolveAttempt,
    makePlayer: options.makePlayer ?? player.makePlayer,
    reflector: reflectorClient(fake),
    countTokens: approxTokens,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
}

/** The messages of the n-th reflector request. */
export function requestMessages(fake: FakeProvider, n: number): { role: string; content: unknown; tool_call_id?: string; tool_calls?: { id: string; function: { name: string } }[] }[] {
  const body = fake.completions()[n]?.body as { messages?: unknown[] } | undefined;
  if (!body?.messages) throw new Error(`no reflector request ${n}`);
  return body.messages as never;
}

/** The tool result messages in a request, by tool name (matched through the assistant's calls). */
export function toolResults(fake: FakeProvider, n: number, name: string): string[] {
  const messages = requestMessages(fake, n);
  const ids = new Set(messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).filter((c) => c.function.name === name).map((c) => c.id) : [])));
  return messages.filter((m) => m.role === 'tool' && m.tool_call_id !== undefined && ids.has(m.tool_call_id)).map((m) => String(m.content));
}
