/**
 * The bridge across a link with 20 ms each way (a delaying TCP relay in this process), against the same
 * bridge on loopback, measured in the same run: decisions per second (one 120 ms advance with its frame,
 * the pdq loop's step), added latency per advance, bytes per decision by link encoding, and the age of each
 * frame at the gateway (from the bridge's send stamp to its arrival, p50/p95).
 */
import { GameClient } from '../../env-bridge/index.js';
import { lastStandGame, serveGame } from '../../games/index.js';
import { getGame } from '../../games-manifest/index.js';
import type { FrameEncoding } from '../../protocol/index.js';
import { startDelayRelay } from './delay-relay.js';
import { measure, quantile } from './stats.js';

/** One link set-up's figures. */
export interface BridgeLinkRun {
  readonly link: 'loopback' | '20ms';
  readonly encoding: FrameEncoding;
  readonly decisionsPerSecond: number;
  readonly msPerAdvance: number;
  readonly bytesPerDecision: number;
  readonly frameAgeP50Ms: number;
  readonly frameAgeP95Ms: number;
}

async function run(link: 'loopback' | '20ms', encoding: FrameEncoding, decisions: number, repeats: number): Promise<BridgeLinkRun> {
  const entry = getGame('last_stand');
  const server = await serveGame(lastStandGame, { entry, graceMs: 10_000 });
  const relay = link === '20ms' ? await startDelayRelay('127.0.0.1', 0, '127.0.0.1', server.port, 20) : undefined;
  try {
    const client = await GameClient.connect(`ws://127.0.0.1:${relay?.port ?? server.port}`, { client: 'bench', privileged: false, frames: { encoding, quality: 85 } });
    try {
      const reset = (): Promise<unknown> => client.reset(1, 'origin', [0], { width: entry.frame.width, height: entry.frame.height, encoding: 'rgb' });
      await reset();
      // Bytes as they crossed the link (a PNG frame is counted before the gateway decodes it).
      const before = { frames: client.linkStats.frames, bytes: client.linkStats.frameBytes };
      let ended = false;
      const timing = await measure(decisions, repeats, async () => {
        for (let i = 0; i < decisions; i++) {
          // An episode that ended (the idle player fell) starts again: a rare reset inside the timing.
          if (ended) await reset();
          const reply = await client.advance(120, [], [0]);
          ended = reply.done.ended;
        }
      });
      const ages = client.linkStats.frameAgesMs.slice(1);
      return {
        link,
        encoding,
        decisionsPerSecond: timing.perSecond,
        msPerAdvance: timing.perItemMs,
        bytesPerDecision: (client.linkStats.frameBytes - before.bytes) / (client.linkStats.frames - before.frames),
        frameAgeP50Ms: quantile(ages, 0.5),
        frameAgeP95Ms: quantile(ages, 0.95),
      };
    } finally {
      await client.close();
    }
  } finally {
    await relay?.close();
    await server.close();
  }
}

/** Every encoding on loopback and across the 20 ms link. */
export async function benchBridgeLink(decisions: number, repeats: number): Promise<BridgeLinkRun[]> {
  const out: BridgeLinkRun[] = [];
  for (const encoding of ['rgb', 'png', 'jpeg'] as const) {
    for (const link of ['loopback', '20ms'] as const) out.push(await run(link, encoding, decisions, repeats));
  }
  return out;
}
