/**
 * `replay.html`: a player for a run that needs no GIF and no server: a slider (and arrow keys, and a play
 * button) scrubs through the decisions, each shown with every player's frame at that moment beside its
 * status, reasoning, answer and the chunk that ran; `episode.mp4` plays above it when the run has one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../env-bridge/index.js';
import type { DecisionRecord } from './run-record-schema.js';

/** Decisions made at the same game time, shown together (both players in PvP and Coop). */
interface Moment {
  readonly t: number;
  readonly d: readonly Pick<DecisionRecord, 'slot' | 'step' | 'status' | 'frame' | 'answer' | 'reasoning' | 'invalidReason' | 'chunk' | 'note' | 'chargedMs'>[];
}

/** Groups decisions by observation time, in order. */
export function replayMoments(decisions: readonly DecisionRecord[]): Moment[] {
  const by = new Map<number, Moment['d'][number][]>();
  for (const d of decisions) {
    const list = by.get(d.observedAtMs) ?? [];
    list.push({ slot: d.slot, step: d.step, status: d.status, frame: d.frame, answer: d.answer, reasoning: d.reasoning, invalidReason: d.invalidReason, chunk: d.chunk, note: d.note, chargedMs: d.chargedMs });
    by.set(d.observedAtMs, list);
  }
  return [...by].sort((a, b) => a[0] - b[0]).map(([t, d]) => ({ t, d: d.sort((x, y) => x.slot - y.slot) }));
}

/** The page template, read once (`replay-page.html` beside this module, found from the project root so a compiled build reads it too). */
let template: string | undefined;
function pageTemplate(): string {
  template ??= readFileSync(join(PROJECT_ROOT, 'gateway', 'records', 'replay-page.html'), 'utf8');
  return template;
}

/** The page for a run's decisions. */
export function replayPage(title: string, decisions: readonly DecisionRecord[]): string {
  const data = JSON.stringify(replayMoments(decisions)).replace(/</g, '\\u003c');
  const fields: Record<string, string> = { title: title.replace(/[<&]/g, ''), data };
  return pageTemplate().replace(/\{\{(title|data)\}\}/g, (_, name: string) => fields[name]!);
}
