/**
 * The native protocol: one request with the frames of the native grid (1 fps, at most 256, at most 768 px wide)
 * and their timestamp array, one structured answer, no tools and no second turn.
 */
import type OpenAI from 'openai';
import { callProvider } from '../../agents/index.js';
import type { GoldenCase } from '../cases/golden-set.js';
import { MAX_FRAME_WIDTH, nativeGrid, nativeInterval } from '../media/frame-grid.js';
import { extractFrames, probeVideo, type VideoFrame } from '../media/video-frames.js';
import { readAnswer } from './answer-format.js';
import type { CaseResult } from './case-result.js';
import { requestBody, type ModelEndpoint } from './model-route.js';
import { CallTally, errorRecord, infraClassOf, resultBase } from './run-record.js';
import { deliveredTexts, NATIVE_DELIVERY, preflight } from './task-delivery.js';

/** A frame as an image part of a chat message. */
export function imagePart(frame: VideoFrame): OpenAI.Chat.ChatCompletionContentPartImage {
  return { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${frame.jpeg.toString('base64')}` } };
}

/** The native request's one user message: delivery, task, answer format, timestamps, then each frame labelled with its time. */
export function nativeMessages(task: string, frames: readonly VideoFrame[]): OpenAI.Chat.ChatCompletionMessageParam[] {
  const times = frames.map((f) => f.t);
  const content: OpenAI.Chat.ChatCompletionContentPart[] = [...deliveredTexts('native', task).map((text) => ({ type: 'text' as const, text })), { type: 'text', text: NATIVE_DELIVERY.frames(times) }];
  frames.forEach((f, i) => content.push({ type: 'text', text: `frame ${i}, t=${f.t} s` }, imagePart(f)));
  content.push({ type: 'text', text: NATIVE_DELIVERY.outro });
  return [{ role: 'user', content }];
}

/** Runs case `c` under the native protocol; never throws for a provider or media failure (it becomes the result's class). */
export async function runNative(c: GoldenCase, endpoint: ModelEndpoint, signal: AbortSignal): Promise<CaseResult> {
  const startedAt = new Date();
  const started = performance.now();
  const { route } = endpoint;
  const base = resultBase(c, route, 'native', startedAt, preflight(c.task));
  const tally = new CallTally();
  let native: NonNullable<CaseResult['native']> | undefined;
  try {
    const facts = await probeVideo(c.videoPath, signal);
    const grid = nativeGrid(facts.durationS);
    const frames = await extractFrames(c.videoPath, { startS: 0, stepS: nativeInterval(facts.durationS), count: grid.length }, MAX_FRAME_WIDTH, signal);
    const body = requestBody(route, nativeMessages(c.task, frames));
    native = { frames: frames.length, timestamps: frames.map((f) => f.t), maxWidth: MAX_FRAME_WIDTH, bytesSent: Buffer.byteLength(JSON.stringify(body)) };
    let call: Awaited<ReturnType<typeof callProvider>>;
    try {
      call = await callProvider({ client: endpoint.client, body, timeoutMs: route.timeoutMs, retries: route.retries, retryBaseMs: route.retryBaseMs, semaphore: endpoint.semaphore, signal, stream: route.stream, processingHeader: route.processingHeader });
    } catch (err) {
      tally.failed(err);
      throw err;
    }
    tally.add(call);
    native = { ...native, ...(call.finishReason === undefined ? {} : { finishReason: call.finishReason }) };
    const read = readAnswer(call.answer);
    return {
      ...base,
      finishedAt: new Date().toISOString(),
      outcome: read.ok ? 'ok' : 'invalid-output',
      ...(read.ok ? {} : { reason: call.finishReason === 'length' ? `${read.reason} (the answer was cut at the output cap)` : read.reason }),
      tuples: read.ok ? read.tuples : [],
      rawAnswer: call.answer,
      usage: tally.usage(),
      timings: tally.timings(started),
      native,
    };
  } catch (err) {
    if (signal.aborted) throw err;
    return { ...base, finishedAt: new Date().toISOString(), outcome: 'infrastructure', infraClass: infraClassOf(err), error: errorRecord(err), tuples: [], rawAnswer: '', usage: tally.usage(), timings: tally.timings(started), ...(native ? { native } : {}) };
  }
}
