/**
 * The watcher's cost to the match it watches: the same pdq sky_duel match (scripted vs scripted, same seed)
 * played with no observer and with an `arena watch` watcher (QA and proactive, native history, 1 fps) whose
 * model is a local streaming endpoint answering NONE after a short delay. Reports the match's wall time
 * (runMatch alone, not the watcher's last replies) for both, median over repeats.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { endpointSemaphore } from '../../agents/index.js';
import { runMatch, type MatchSpec } from '../../gateway/index.js';
import { scriptedPolicies } from '../../games/index.js';
import { createAgent } from '../../agents/index.js';
import { TraceWatcher, vocabularyFor } from '../../perception/index.js';
import { median } from './stats.js';

export interface WatchOverhead {
  readonly bareMs: number;
  readonly watchedMs: number;
  readonly requests: number;
  readonly simMs: number;
}

/** A streaming chat endpoint that says NONE after `delayMs`: the watcher's model for the bench. */
async function noneEndpoint(delayMs: number): Promise<{ server: Server; url: string; count: () => number }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: object, finish: string | null): string => `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        res.end(`${chunk({ role: 'assistant', content: 'NONE' }, null)}${chunk({}, 'stop')}data: [DONE]\n\n`);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, count: () => n };
}

function spec(runsDir: string): MatchSpec {
  const agent = () => createAgent('scripted', { scripted: scriptedPolicies, game: 'sky_duel', seed: 3 });
  return { game: 'sky_duel', seed: 3, clock: 'pdq', runsDir, timeLimitMs: 60_000, slots: [{ slot: 0, agent: agent() }, { slot: 1, agent: agent() }] };
}

/** Median wall time of the match without and with a watcher, `repeats` each, interleaved. */
export async function benchWatchOverhead(repeats: number): Promise<WatchOverhead> {
  const dir = mkdtempSync(join(tmpdir(), 'arena-bench-watch-'));
  const endpoint = await noneEndpoint(20);
  const client = new OpenAI({ baseURL: endpoint.url, apiKey: 'none', maxRetries: 0 });
  const bare: number[] = [];
  const watched: number[] = [];
  let simMs = 0;
  try {
    for (let r = 0; r <= repeats; r++) {
      let t = performance.now();
      await runMatch(spec(dir));
      if (r > 0) bare.push(performance.now() - t);
      const watcher = new TraceWatcher(
        {
          gameName: 'Sky Duel',
          slots: [0, 1],
          vocabulary: vocabularyFor('sky_duel', [0, 1]),
          viewSlot: 0,
          fps: 1,
          maxSide: 768,
          quality: 85,
          history: { kind: 'native', capFrames: 256 },
          tasks: { qa: true, proactive: true },
          qaEveryMs: 5_000,
          seed: 3,
          monitor: { kind: 'lead' },
          toleranceMs: 5_000,
          model: { client, model: 'bench', semaphore: endpointSemaphore(endpoint.url, 4), timeoutMs: 10_000, retries: 0, maxTokens: 8 },
          signal: new AbortController().signal,
        },
        60_000,
      );
      const s = spec(dir);
      t = performance.now();
      const result = await runMatch({ ...s, observer: watcher, onEvent: (e) => watcher.onMatchEvent(e) });
      if (r > 0) watched.push(performance.now() - t);
      simMs = result.simMs;
      await watcher.finish(result.simMs);
    }
  } finally {
    await new Promise<void>((resolve) => endpoint.server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
  return { bareMs: median(bare), watchedMs: median(watched), requests: endpoint.count(), simMs };
}
