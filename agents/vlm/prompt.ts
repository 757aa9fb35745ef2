/** The request a VLM agent sends: system prompt, bounded history, current frame, and its digest. */
import { createHash } from 'node:crypto';
import type { FrameImage } from './frame-image.js';

/** The short player preamble that opens every system prompt, before the game's own prompt. */
export const PLAYER_PREAMBLE =
  'You are a player in a video game. Each turn you see a screenshot of your own view and answer with your next ' +
  'actions; the game carries them out right after your answer. End every answer with exactly one action chunk ' +
  'in the format described below.';

/** A chat content part in the OpenAI wire shape. */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A chat message in the OpenAI wire shape, as this agent writes them. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: ContentPart[] }
  | { role: 'assistant'; content: string };

/** One past observation and the answer the model gave to it. */
export interface HistoryTurn {
  readonly simMs: number;
  /** The image sent then; kept only when past images are sent. */
  readonly image: FrameImage | undefined;
  readonly answer: string;
}

/** The current observation as the model is told it. */
export interface CurrentTurn {
  readonly simMs: number;
  /** Decision index from 0. */
  readonly step: number;
  readonly stepBudget: number;
  /** Normalised progress in [0, 1]. */
  readonly progress: number;
  readonly image: FrameImage;
  /** One line about the previous answer, when feedback is on and there is something to say. */
  readonly feedback: string | undefined;
  /** A turn-based game's move notation (the control set's `move.notation`), when the answer is a move. */
  readonly moveNotation?: string | undefined;
}

/** A composed request: the wire messages, their digest and what they carry. */
export interface ComposedPrompt {
  readonly messages: ChatMessage[];
  /** sha256 (hex) of the messages as JSON, with each image's data URL replaced by `sha256:<hex of its JPEG>`. */
  readonly digest: string;
  /** Image parts in the request. */
  readonly images: number;
}

/** The system message: preamble, the game's prompt, then the skill section when there is a skill. */
export function systemPrompt(gamePrompt: string, skill: string | undefined): string {
  const parts = [PLAYER_PREAMBLE, gamePrompt];
  if (skill !== undefined && skill.length > 0) {
    parts.push(`Skill (lessons from earlier play; apply them where they fit):\n${skill}`);
  }
  return parts.join('\n\n');
}

/** Game time as the model reads it: seconds with two decimals. */
export function formatTime(simMs: number): string {
  return `t=${(simMs / 1000).toFixed(2)}s`;
}

function currentText(turn: CurrentTurn): string {
  const lines = [
    `Observation at ${formatTime(turn.simMs)} (decision ${turn.step + 1} of ${turn.stepBudget}). Progress: ${(turn.progress * 100).toFixed(1)}%.`,
  ];
  if (turn.feedback !== undefined) lines.push(`Note on your previous answer: ${turn.feedback}`);
  lines.push(turn.moveNotation === undefined ? 'Answer with your next action chunk.' : `Answer with your next move in the game's notation, written ${turn.moveNotation}`);
  return lines.join('\n');
}

type Part = { kind: 'text'; text: string } | { kind: 'image'; image: FrameImage };
type Draft = { role: 'system' | 'assistant'; text: string } | { role: 'user'; parts: Part[] };

function render(drafts: readonly Draft[], imageUrl: (image: FrameImage) => string): ChatMessage[] {
  return drafts.map((d): ChatMessage => {
    if (d.role !== 'user') return { role: d.role, content: d.text };
    return {
      role: 'user',
      content: d.parts.map((p): ContentPart => (p.kind === 'text' ? { type: 'text', text: p.text } : { type: 'image_url', image_url: { url: imageUrl(p.image) } })),
    };
  });
}

/**
 * Composes the request: the system message, then each past turn as a user message (its image when kept, and
 * `Observation at t=...s`) followed by the assistant's answer, then the current frame with its time, progress and
 * feedback (with `plain`, every user turn is {@link PLAIN_USER_TURN}, as the benchmark's runner sends). The caller
 * bounds `history`.
 */
/** The user turn under the benchmark's profile: the same plain request every turn, no time, step or progress. */
export const PLAIN_USER_TURN = 'Plan your next actions from the current screen.';

export function composePrompt(system: string, history: readonly HistoryTurn[], current: CurrentTurn, plain = false): ComposedPrompt {
  const drafts: Draft[] = [{ role: 'system', text: system }];
  let images = 1;
  for (const turn of history) {
    const parts: Part[] = [];
    if (turn.image !== undefined) {
      parts.push({ kind: 'image', image: turn.image });
      images += 1;
    }
    parts.push({ kind: 'text', text: plain ? PLAIN_USER_TURN : `Observation at ${formatTime(turn.simMs)}` });
    drafts.push({ role: 'user', parts }, { role: 'assistant', text: turn.answer });
  }
  drafts.push({ role: 'user', parts: [{ kind: 'image', image: current.image }, { kind: 'text', text: plain ? PLAIN_USER_TURN : currentText(current) }] });
  const messages = render(drafts, (image) => image.dataUrl);
  const digest = createHash('sha256')
    .update(JSON.stringify(render(drafts, (image) => `sha256:${image.sha256}`)))
    .digest('hex');
  return { messages, digest, images };
}
