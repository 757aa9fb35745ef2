/**
 * The decision path through a real match: state asked of the game only for agents that read it, a built chunk
 * checked by the answer rules without a round trip, and the JPEG an agent got recorded as its frame.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchGame } from '../env-bridge/index.js';
import { gameFrameEncoding, recordedRgbDigest, RemoteAgent, runMatch, type MatchSpec } from '../gateway/index.js';
import type { JpegProfile } from '../protocol/index.js';
import { holdChunk, ScriptAgent, type ScriptedReply } from './support/test-agents.js';
import { probeEntry } from './support/probe-game.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(() => runs.cleanup());

const base = (overrides: Partial<MatchSpec>): MatchSpec => ({ game: 'probe', entry: probeEntry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, slots: [], ...overrides });

/** A script agent that takes JPEG frames in a profile of its own. */
class JpegScriptAgent extends ScriptAgent {
  override readonly frameEncoding = 'jpeg' as const;
  constructor(
    script: readonly ScriptedReply[],
    readonly jpeg: JpegProfile,
  ) {
    super(script);
  }
}

describe('privileged state', () => {
  for (const privileged of [false, true]) {
    it(`asks the game for state ${privileged ? 'for an agent that reads it' : 'never when no agent reads it'}`, async () => {
      const asked: boolean[] = [];
      const agent = new ScriptAgent([{ chunk: holdChunk('W', 1) }], { privileged });
      const result = await runMatch(
        base({
          stepBudget: 2,
          slots: [{ slot: 0, agent }],
          launch: (entry, options) => {
            asked.push(options.privileged);
            return launchGame(entry, options);
          },
        }),
      );
      expect(result.status).toBe('complete');
      expect(asked).toEqual([privileged]);
      expect(agent.observations.map((o) => o.state !== undefined)).toEqual([privileged, privileged]);
    });
  }
});

describe('built chunks', () => {
  it('checks a built chunk by the rules an answer has: canonical names kept, a foreign control a counted no-op with feedback', async () => {
    const agent = new ScriptAgent([{ chunk: holdChunk('w', 2) }, { chunk: holdChunk('Q', 1) }, { chunk: holdChunk('space', 1) }]);
    const result = await runMatch(base({ stepBudget: 3, slots: [{ slot: 0, agent }] }));
    const decisions = readRun(result.dir).decisions;
    expect(decisions.map((d) => [d.status, d.invalidReason])).toEqual([
      ['valid', undefined],
      ['invalid', 'BAD_CONTROL'],
      ['valid', undefined],
    ]);
    expect(decisions.map((d) => d.chunk)).toEqual([
      { look: { dx: 0, dy: 0 }, steps: [['W'], ['W']] },
      { look: { dx: 0, dy: 0 }, steps: [[], [], [], [], [], []] },
      { look: { dx: 0, dy: 0 }, steps: [['Space']] },
    ]);
    expect(result.players[0]!.invalid).toBe(1);
    expect(agent.observations[2]!.feedback).toMatch(/BAD_CONTROL: 'Q' is not a control/);
  });
});

describe('recorded frames', () => {
  it('records the very JPEG a JPEG agent got, in its profile, as the decision frame', async () => {
    const agent = new JpegScriptAgent([{ chunk: holdChunk('W', 1) }], { quality: 50, maxSide: 16 });
    const result = await runMatch(base({ stepBudget: 2, slots: [{ slot: 0, agent }] }));
    const decisions = readRun(result.dir).decisions;
    expect(readdirSync(join(result.dir, 'frames')).sort()).toEqual(['0000-s0.jpg', '0001-s0.jpg']);
    for (const [i, d] of decisions.entries()) {
      const seen = agent.observations[i]!.frame;
      expect([seen.encoding, seen.width, seen.height]).toEqual(['jpeg', 16, 8]);
      expect(readFileSync(join(result.dir, d.frame as string)).equals(Buffer.from(seen.data))).toBe(true);
    }
    const meta = await sharp(join(result.dir, decisions[0]!.frame as string)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 16, 8]);
  });

  it('records the exact pixels a raw-frame agent got, as a lossless PNG whose pixels its digest names', async () => {
    const agent = new ScriptAgent([{ chunk: holdChunk('W', 1) }, { chunk: holdChunk('W', 1) }]);
    const result = await runMatch(base({ stepBudget: 2, jpegQuality: 60, slots: [{ slot: 0, agent }] }));
    const decisions = readRun(result.dir).decisions;
    expect(readdirSync(join(result.dir, 'frames')).sort()).toEqual(['0000-s0.png', '0001-s0.png']);
    for (const [i, d] of decisions.entries()) {
      const seen = agent.observations[i]!.frame;
      expect(seen.encoding).toBe('rgb');
      const path = join(result.dir, d.frame as string);
      const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
      expect([info.format, info.width, info.height, info.channels]).toEqual(['raw', probeEntry.frame.width, probeEntry.frame.height, 3]);
      expect(data.equals(Buffer.from(seen.data))).toBe(true);
      expect(await recordedRgbDigest(path)).toBe(d.frameDigest);
    }
    expect((await sharp(join(result.dir, decisions[0]!.frame as string)).metadata()).format).toBe('png');
  });
});

describe('frames from the game', () => {
  const spec = (...agents: MatchSpec['slots'][number]['agent'][]): MatchSpec => base({ slots: agents.map((agent, slot) => ({ slot, agent })) });
  const raw = new ScriptAgent([{}]);

  it('asks a reference game for JPEG at the match quality only when every agent takes exactly that', () => {
    const frame = probeEntry.frame;
    expect(gameFrameEncoding(spec(new RemoteAgent(0), new JpegScriptAgent([{}], { quality: 85 })), probeEntry, frame)).toEqual({ encoding: 'jpeg', quality: 85 });
    expect(gameFrameEncoding({ ...spec(new RemoteAgent(0)), jpegQuality: 60 }, probeEntry, frame)).toEqual({ encoding: 'jpeg', quality: 60 });
    expect(gameFrameEncoding(spec(new RemoteAgent(0), raw), probeEntry, frame)).toEqual({ encoding: 'rgb' });
    expect(gameFrameEncoding(spec(new JpegScriptAgent([{}], { quality: 70 })), probeEntry, frame)).toEqual({ encoding: 'rgb' });
    expect(gameFrameEncoding(spec(new JpegScriptAgent([{}], { quality: 85, maxSide: 16 })), probeEntry, frame)).toEqual({ encoding: 'rgb' });
    expect(gameFrameEncoding(spec(new JpegScriptAgent([{}], { quality: 85, maxSide: 32 })), probeEntry, frame)).toEqual({ encoding: 'jpeg', quality: 85 });
    // A game whose frames we do not render keeps sending raw frames for the gateway to encode.
    expect(gameFrameEncoding(spec(new RemoteAgent(0)), { ...probeEntry, launch: { kind: 'remote', url: 'ws://127.0.0.1:1' } }, frame)).toEqual({ encoding: 'rgb' });
  });

  it('hands a JPEG agent the game JPEG and records those very bytes, identical to the gateway encode of the same frame', async () => {
    const viaGame = new JpegScriptAgent([{ chunk: holdChunk('W', 1) }], { quality: 85 });
    const viaGateway = new JpegScriptAgent([{ chunk: holdChunk('W', 1) }], { quality: 85, maxSide: 32 });
    const onlyRgb = new ScriptAgent([{ chunk: holdChunk('W', 1) }]);
    const a = await runMatch(base({ stepBudget: 2, slots: [{ slot: 0, agent: viaGame }] }));
    // With a raw-frame agent beside it, the game sends RGB and the gateway encodes the JPEG agent's frames.
    const b = await runMatch(base({ stepBudget: 2, slots: [{ slot: 0, agent: viaGateway }, { slot: 1, agent: onlyRgb }] }));
    for (const [i, d] of readRun(a.dir).decisions.entries()) {
      expect(readFileSync(join(a.dir, d.frame as string)).equals(Buffer.from(viaGame.observations[i]!.frame.data))).toBe(true);
      expect(Buffer.from(viaGame.observations[i]!.frame.data).equals(Buffer.from(viaGateway.observations[i]!.frame.data))).toBe(true);
    }
    expect(readRun(b.dir).decisions.filter((d) => d.slot === 0)).toHaveLength(2);
  });
});
