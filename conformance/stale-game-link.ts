/**
 * The GameLink battery's stale-frame checks: a frame after an advance that carried input, and a frame after a
 * resume (with input) and a pause, each judged against the frame before it (conformance/stale-frames.ts).
 */
import type { Capabilities, Frame, InputEvent, IntegrityCounts } from '../protocol/index.js';
import type { GameClient, StepReply } from '../env-bridge/index.js';
import { fail, skip, wallWait } from './checks.js';
import { STALE_CHECK_DEFAULTS, StaleCounter, withinBound, type StaleFrameOptions } from './stale-frames.js';

/** One input that should change the picture: a look turn when the game takes one, else a tap of its first key. */
function nudge(cap: Capabilities, slot: number, holdMs: number): InputEvent[] {
  const c = cap.controls;
  if (c.mouseAxes.length > 0) return [{ type: 'look', at: 0, slot, dx: Math.min(15, c.maxLookDeg), dy: 0 }];
  const key = c.keys[0] ?? skip('the game takes neither looks nor keys');
  return [
    { type: 'key', at: 0, slot, key, down: true },
    { type: 'key', at: holdMs, slot, key, down: false },
  ];
}

const frameOf = (reply: StepReply, slot: number): Frame => reply.frames.find((f) => f.slot === slot) ?? fail(`no frame for slot ${slot}`);

/** The frame of `slot` in `reply`, taken at the reply's game time. */
const taken = (reply: StepReply, slot: number): { frame: Frame; simMs: number } => ({ frame: frameOf(reply, slot), simMs: reply.done.simMs });

/** `after input`: advances of two control steps, each carrying one nudge, judged frame against frame. */
export async function staleAfterInput(game: GameClient, cap: Capabilities, options: StaleFrameOptions = {}): Promise<string> {
  return withinBound(await countAfterInput(game, cap, options), options.maxStaleShare ?? STALE_CHECK_DEFAULTS.maxStaleShare);
}

/** The verdicts of `staleAfterInput`'s samples. */
export async function countAfterInput(game: GameClient, cap: Capabilities, options: StaleFrameOptions = {}): Promise<IntegrityCounts> {
  const slot = cap.slots[0]!.slot;
  const samples = options.staleSamples ?? STALE_CHECK_DEFAULTS.staleSamples;
  const stepMs = cap.controls.stepMs * 2;
  const counter = new StaleCounter();
  await counter.base(taken(await game.observe([slot]), slot));
  for (let i = 0; i < samples; i++) {
    const reply = await game.advance(stepMs, nudge(cap, slot, cap.controls.stepMs), [slot]);
    if (reply.done.ended) skip(`the episode ended after ${i} samples; try another seed or variant`);
    await counter.sample(taken(reply, slot), 1);
  }
  return counter.counts;
}

/** `after a pause and resume`: resume, a nudge, `runMs` of wall time, pause, observe; judged frame against frame. */
export async function staleAfterResume(game: GameClient, cap: Capabilities, options: StaleFrameOptions & { readonly sampleRunMs?: number } = {}): Promise<string> {
  return withinBound(await countAfterResume(game, cap, options), options.maxStaleShare ?? STALE_CHECK_DEFAULTS.maxStaleShare, `, ${options.sampleRunMs ?? 60} ms of wall time resumed each`);
}

/** The verdicts of `staleAfterResume`'s samples. */
export async function countAfterResume(game: GameClient, cap: Capabilities, options: StaleFrameOptions & { readonly sampleRunMs?: number } = {}): Promise<IntegrityCounts> {
  if (!cap.clock.pause) skip('the endpoint says it cannot pause');
  const slot = cap.slots[0]!.slot;
  const samples = options.staleSamples ?? STALE_CHECK_DEFAULTS.staleSamples;
  const runMs = options.sampleRunMs ?? 60;
  const counter = new StaleCounter();
  await counter.base(taken(await game.observe([slot]), slot));
  for (let i = 0; i < samples; i++) {
    await game.resume(1, 1, []);
    game.input(nudge(cap, slot, Math.min(runMs / 2, cap.controls.stepMs)));
    await wallWait(runMs);
    const paused = await game.pause();
    if (paused.done.ended) skip(`the episode ended after ${i} samples; try another seed or variant`);
    await counter.sample(taken(await game.observe([slot]), slot), 1);
  }
  return counter.counts;
}
