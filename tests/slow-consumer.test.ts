/**
 * A remote agent that answers but never reads, under the realtime clock for 30 s: the gateway keeps only the
 * newest observation for it (the rest counted as dropped in the record) and what it owes that socket stays
 * bounded, however long the match runs. The bound is on bytes, never on time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AgentLinkServer, RemoteAgent, runMatch } from '../gateway/index.js';
import { Limits } from '../protocol/index.js';
import { readRun, tempRunsDir } from './support/run-dir.js';
import { deafAgent, type DeafAgent } from '../scripts/fuzz/deaf-agent.js';

const SECONDS = 30;
let runs: ReturnType<typeof tempRunsDir>;
let link: AgentLinkServer | undefined;
let deaf: DeafAgent | undefined;
afterEach(async () => {
  deaf?.stop();
  await link?.close();
  runs?.cleanup();
});

describe('a non-reading consumer under realtime', () => {
  it(`keeps the gateway's buffered bytes and heap bounded for ${SECONDS} s and counts the dropped frames`, async () => {
    runs = tempRunsDir();
    link = await AgentLinkServer.listen();
    // Raw RGB observations (691 KB each at 640x360): unbounded, they would pile up at about 1 MB/s.
    const agent = new RemoteAgent(0, { frameEncoding: 'rgb', clock: 'realtime' });
    link.register(agent);
    deaf = await deafAgent(Number(new URL(link.url).port), agent.token);
    let maxBuffered = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    let maxHeap = heapBefore;
    try {
      const result = await runMatch({
        game: 'last_stand',
        clock: 'realtime',
        runsDir: runs.dir,
        timeLimitMs: SECONDS * 1000,
        stepBudget: 100_000,
        frame: { width: 640, height: 360 },
        slots: [{ slot: 0, agent }],
        onEvent: (e) => {
          if (e.type === 'decision') deaf!.next = e.step + 1;
          maxBuffered = Math.max(maxBuffered, agent.bufferedBytes);
          maxHeap = Math.max(maxHeap, process.memoryUsage().heapUsed);
        },
      });
      expect(result.status).toBe('complete');
      // The time limit or the game's own end (last_stand's tiles give way under a player who stands still).
      expect(result.simMs).toBeGreaterThan(0);
      const observation = 640 * 360 * 3 + 1024;
      // What may wait on the socket: the high-water mark, one observation past it, and the small error replies.
      expect(maxBuffered).toBeLessThan(Limits.frameHighWaterBytes + observation + 512 * 1024);
      // Unbounded, some 30 MB of observations would have been held on the heap.
      expect(maxHeap - heapBefore).toBeLessThan(24 * 1024 * 1024);
      expect(result.players[0]!.framesDropped).toBeGreaterThan(0);
      expect((readRun(result.dir).meta.result as unknown as { players: { framesDropped?: number }[] }).players[0]!.framesDropped).toBe(result.players[0]!.framesDropped);
    } finally {
      deaf.stop();
    }
  }, 120_000);
});
