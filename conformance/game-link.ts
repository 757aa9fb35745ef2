/**
 * The GameLink conformance battery: runs a game endpoint through the contract (docs/protocol.md) and says,
 * check by check, what passed and why anything failed. It takes the endpoint's controlling seat, so run it
 * against an endpoint nobody else is driving.
 */
import { WebSocket } from 'ws';
import {
  ArenaError,
  CloseCode,
  GAME_LINK_VERSION,
  GamepadAxis,
  GameMessage,
  Limits,
  decodeMessage,
  encodeMessage,
  messageBytes,
  messageSchema,
  type Capabilities,
  type Frame,
  type InputEvent,
} from '../protocol/index.js';
import { GameClient, type StepReply } from '../env-bridge/index.js';
import { checkImageBytes } from '../game-host/index.js';
import { CheckRun, expectThat, fail, fmt, skip, wallWait, type CheckResult } from './checks.js';
import { frameDifference, SAME_PICTURE } from './image-diff.js';
import { staleAfterInput, staleAfterResume } from './stale-game-link.js';
import type { StaleFrameOptions } from './stale-frames.js';

export interface GameLinkConformanceOptions extends StaleFrameOptions {
  /** Variant to play (default the endpoint's first). */
  readonly variant?: string;
  readonly seed?: number;
  /** Wall time a paused game must hold still across, ms (default 300). */
  readonly holdMs?: number;
  /** Game time of each advance in the exactness check, ms (default 720), and how many (default 5). */
  readonly advanceMs?: number;
  readonly advances?: number;
  /** Largest relative error of a non-exact endpoint's advances (default 0.1). */
  readonly tolerance?: number;
  /** Game time within which an idle episode must end, ms (default 180 000; 0 skips the check). */
  readonly endWithinMs?: number;
  /** Deadline for one request, ms (default 60 s). */
  readonly requestTimeoutMs?: number;
  /**
   * The endpoint's token (`arena bridge --token-file`): sent in every hello of the battery, which then also
   * checks that a hello without it, or with a wrong one, closes with UNAUTHORIZED.
   */
  readonly token?: string;
  /** Called as each check finishes. */
  readonly onResult?: (r: CheckResult) => void;
}

const gameSpec = messageSchema(GameMessage);

/** A raw link for the checks that break the protocol on purpose: what the game sent, and how it closed. */
async function rawLink(url: string, token: string | undefined): Promise<{ ws: WebSocket; messages: GameMessage[]; hello: Promise<void>; closed: Promise<{ code: number; reason: string }> }> {
  const headers = token === undefined ? undefined : { authorization: `Bearer ${token}` };
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: Limits.maxMessageBytes, ...(headers ? { headers } : {}) });
  const messages: GameMessage[] = [];
  let helloSeen: () => void = () => undefined;
  const hello = new Promise<void>((resolve) => (helloSeen = resolve));
  ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    try {
      const msg = decodeMessage(messageBytes(data), gameSpec);
      messages.push(msg);
      if (msg.type === 'hello') helloSeen();
    } catch {
      // Anything undecodable is the check's business only through what follows it.
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages, hello, closed };
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** The battery's hello: its version unless told otherwise, and the token when there is one. */
const helloOf = (token: string | undefined, version = GAME_LINK_VERSION): Uint8Array =>
  encodeMessage({ type: 'hello', version, client: 'arena-conformance', privileged: false, ...(token === undefined ? {} : { token }) });

/** Sends `bytes` (after a hello with `token`, if `hello`) and expects the link to close with `code`. */
async function expectClose(url: string, token: string | undefined, hello: boolean, bytes: Uint8Array | string, code: number, errorCode: string): Promise<string> {
  const link = await rawLink(url, token);
  try {
    if (hello) {
      link.ws.send(helloOf(token));
      await within(link.hello, 5000, 'hello');
    }
    link.ws.send(bytes);
    const closed = await within(link.closed, 5000, 'close');
    const err = link.messages.find((m) => m.type === 'error');
    expectThat(closed.code === code, `closed with ${closed.code}${closed.reason ? ` (${closed.reason})` : ''}, expected ${code}`);
    expectThat(err?.type === 'error' && err.code === errorCode, `error message before the close: ${err?.type === 'error' ? err.code : 'none'}, expected ${errorCode}`);
    return `closed ${closed.code} after an error ${errorCode}`;
  } finally {
    link.ws.terminate();
  }
}

function checkFrames(reply: StepReply, slots: readonly number[], size: { width: number; height: number }, encoding: string): string {
  expectThat(reply.frames.length === slots.length, `${reply.frames.length} frames for ${slots.length} slots`);
  for (const f of reply.frames) {
    expectThat(f.width === size.width && f.height === size.height, `slot ${f.slot} frame is ${f.width}x${f.height}, asked ${size.width}x${size.height}`);
    expectThat(f.encoding === encoding, `slot ${f.slot} frame is ${f.encoding}, asked ${encoding}`);
    if (f.encoding === 'rgb') expectThat(f.data.length === f.width * f.height * 3, `slot ${f.slot} RGB frame has ${f.data.length} bytes, expected ${f.width * f.height * 3}`);
    else {
      const problem = checkImageBytes(f.data, f.encoding);
      if (problem) fail(`slot ${f.slot} ${f.encoding} frame: ${problem}`);
    }
    expectThat(f.simMs === reply.done.simMs, `slot ${f.slot} frame shows ${f.simMs} ms, the reply says ${reply.done.simMs} ms`);
  }
  return `${reply.frames.length} x ${size.width}x${size.height} ${encoding}`;
}

async function refused(p: Promise<unknown>, code: string): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err === undefined) fail(`accepted; expected ${code}`);
  if (!(err instanceof ArenaError)) fail(`failed oddly: ${err instanceof Error ? err.message : JSON.stringify(err)}`);
  expectThat(err.code === code, `refused with ${err.code}, expected ${code}: ${err.message}`);
  return `refused with ${code}, link kept`;
}

const frameOf = (reply: StepReply, slot: number): Frame => reply.frames.find((f) => f.slot === slot) ?? fail(`no frame for slot ${slot}`);

/** Runs the GameLink battery against `url` (ws://host:port). */
export async function runGameLinkConformance(url: string, options: GameLinkConformanceOptions = {}): Promise<CheckResult[]> {
  const run = new CheckRun(options.onResult);
  const holdMs = options.holdMs ?? 300;
  const advanceMs = options.advanceMs ?? 720;
  const advances = options.advances ?? 5;
  const tolerance = options.tolerance ?? 0.1;
  const endWithinMs = options.endWithinMs ?? 180_000;

  // Protocol errors first, each on its own link: the endpoint must take a new controller after a close.
  const token = options.token;
  await run.check('malformed bytes close with BAD_MESSAGE (4000)', () => expectClose(url, token, true, new Uint8Array([0xc1, 0xc1, 0xc1]), CloseCode.BAD_MESSAGE, 'BAD_MESSAGE'));
  await run.check('a text message closes with BAD_MESSAGE (4000)', () => expectClose(url, token, true, '{"type":"pause","id":1}', CloseCode.BAD_MESSAGE, 'BAD_MESSAGE'));
  await run.check('a wrong version closes with VERSION_MISMATCH (4002)', () => expectClose(url, token, false, helloOf(token, GAME_LINK_VERSION + 98), CloseCode.VERSION_MISMATCH, 'VERSION_MISMATCH'));
  await run.check('a request before hello closes with BAD_STATE (4004)', () => expectClose(url, token, false, encodeMessage({ type: 'pause', id: 1 }), CloseCode.BAD_STATE, 'BAD_STATE'));
  if (token !== undefined) {
    await run.check('a hello without the token closes with UNAUTHORIZED (4012)', () => expectClose(url, undefined, false, helloOf(undefined), CloseCode.UNAUTHORIZED, 'UNAUTHORIZED'));
    await run.check('a hello with a wrong token closes with UNAUTHORIZED (4012)', () => expectClose(url, undefined, false, helloOf(`${token}-not`), CloseCode.UNAUTHORIZED, 'UNAUTHORIZED'));
  }

  let client: GameClient | undefined;
  let caps: Capabilities | undefined;
  await run.check('hello and capabilities', async () => {
    client = await GameClient.connect(url, { client: 'arena-conformance', privileged: false, requestTimeoutMs: options.requestTimeoutMs ?? 60_000, ...(token === undefined ? {} : { token }) });
    caps = client.capabilities;
    const c = caps.clock;
    return `${client.game} (${client.build}): ${caps.slots.length} slot(s), ${caps.frameSizes[0]!.width}x${caps.frameSizes[0]!.height}, ${caps.encodings.join('/')}, tick ${fmt(c.tickMs)} ms, ${c.exactAdvance ? 'exact' : 'measured'} advance, variants ${caps.variants.join(', ')}`;
  });
  if (!client || !caps) {
    for (const name of ['reset', 'frames of the declared size and encoding', 'the rest of the battery']) run.blocked(name, 'hello');
    return run.results;
  }
  const game = client;
  const cap = caps;
  try {
    const slots = cap.slots.map((s) => s.slot);
    const size = cap.frameSizes[0]!;
    const encoding = cap.encodings.includes('rgb') ? 'rgb' : cap.encodings[0]!;
    const variant = options.variant ?? cap.variants[0]!;
    const seed = options.seed ?? 1;
    const frame = { width: size.width, height: size.height, encoding };
    let first: StepReply | undefined;

    await run.check('reset starts an episode at game time 0', async () => {
      first = await game.reset(seed, variant, slots, frame);
      expectThat(first.done.simMs === 0, `reset answered at ${first.done.simMs} ms`);
      expectThat(!first.done.ended, 'the new episode is already over');
      expectThat(first.progress !== undefined, 'no progress message');
      return `${variant}, seed ${seed}: simMs 0, progress for slot(s) ${first.progress!.players.map((p) => p.slot).join(', ')}`;
    });
    if (!first) {
      run.blocked('the rest of the battery', 'reset');
      return run.results;
    }
    const start = first;
    await run.check('frames of the declared size and encoding', async () => checkFrames(start, slots, size, encoding));
    await run.check('an unknown variant is refused with UNKNOWN_VARIANT', () => refused(game.reset(seed, 'no-such-variant-zz', slots, frame), 'UNKNOWN_VARIANT'));
    await run.check('a key outside the control set is refused with BAD_INPUT', () =>
      refused(game.advance(cap.clock.tickMs, [{ type: 'key', at: 0, slot: slots[0]!, key: 'NotAControl_ZZ', down: true }], []), 'BAD_INPUT'),
    );
    await run.check('a gamepad axis outside the control set is refused with BAD_INPUT', () => {
      const axis = GamepadAxis.options.find((a) => !(cap.controls.axes ?? []).includes(a));
      if (axis === undefined) skip('the game declares every gamepad axis');
      return refused(game.advance(cap.clock.tickMs, [{ type: 'axis', at: 0, slot: slots[0]!, axis, value: 0 }], []), 'BAD_INPUT');
    });
    const noSlot = Math.max(...slots) + 1;
    await run.check('a slot outside the game is refused with BAD_SLOT', async () => {
      if (noSlot >= Limits.maxSlots) skip('the game uses every slot number');
      return refused(game.observe([noSlot]), 'BAD_SLOT');
    });

    let held: StepReply | undefined;
    await run.check('pause holds still (game time and picture)', async () => {
      if (!cap.clock.pause) skip('the endpoint says it cannot pause');
      const a = await game.observe(slots);
      await wallWait(holdMs);
      const b = await game.observe(slots);
      held = b;
      expectThat(a.done.simMs === b.done.simMs, `game time moved from ${a.done.simMs} to ${b.done.simMs} ms in ${holdMs} ms of wall time while paused`);
      for (const slot of slots) {
        const diff = await frameDifference(frameOf(a, slot), frameOf(b, slot));
        expectThat(diff <= SAME_PICTURE, `slot ${slot}'s picture changed while paused (mean difference ${fmt(diff, 2)})`);
      }
      return `simMs ${b.done.simMs} and every picture unchanged across ${holdMs} ms of wall time`;
    });

    let last: StepReply | undefined;
    await run.check(`advance exactness (${advances} x ${advanceMs} ms)`, async () => {
      const ratios: number[] = [];
      let sim = held?.done.simMs ?? 0;
      for (let i = 0; i < advances; i++) {
        const r = await game.advance(advanceMs, [], i === advances - 1 ? slots : []);
        last = r;
        if (r.done.ended) skip(`the episode ended after ${i + 1} advances; try another seed or variant`);
        expectThat(r.done.requestedMs === advanceMs, `done says requested ${r.done.requestedMs} ms, asked ${advanceMs}`);
        expectThat(Math.abs(r.done.simMs - sim - r.done.actualMs) < 1e-6, `game time moved ${r.done.simMs - sim} ms, done says ${r.done.actualMs} ms ran`);
        sim = r.done.simMs;
        ratios.push(r.done.actualMs / advanceMs);
      }
      const worst = ratios.reduce((w, r) => (Math.abs(r - 1) > Math.abs(w - 1) ? r : w), 1);
      const mean = ratios.reduce((s, r) => s + r, 0) / ratios.length;
      const summary = `actual/requested mean ${fmt(mean, 3)}, worst ${fmt(worst, 3)}`;
      if (cap.clock.exactAdvance) expectThat(ratios.every((r) => r === 1), `declares exact advance but ${summary}`);
      else expectThat(Math.abs(worst - 1) <= tolerance, `${summary}: beyond the ${tolerance * 100}% tolerance`);
      return `${cap.clock.exactAdvance ? 'exact' : 'measured'}: ${summary}`;
    });

    await run.check('frames are fresh after game time passes', async () => {
      if (!held || !last || last.frames.length === 0) skip('needs the pause and advance checks');
      for (const slot of slots) {
        const before = frameOf(held, slot);
        const after = frameOf(last, slot);
        expectThat(after.simMs === last.done.simMs, `slot ${slot}'s frame shows ${after.simMs} ms after an advance to ${last.done.simMs} ms`);
        const diff = await frameDifference(before, after);
        expectThat(diff > 0, `slot ${slot}'s picture is identical after ${last.done.simMs - held.done.simMs} ms of game time (a stale frame?)`);
      }
      return `every slot's picture changed over ${last.done.simMs - held.done.simMs} ms of game time`;
    });

    await run.check('realtime: resume streams frames, pause freezes a fresh frame', async () => {
      if (!cap.clock.pause) skip('the endpoint says it cannot pause');
      const streamed: Frame[] = [];
      const sub = game.stream$.subscribe((m) => {
        if (m.type === 'frame') streamed.push(m);
      });
      try {
        await game.resume(1, 20, slots);
        await wallWait(holdMs);
        const paused = await game.pause();
        expectThat(paused.done.actualMs > 0, `pause says ${paused.done.actualMs} ms ran while resumed for ${holdMs} ms`);
        expectThat(streamed.length > 0, `no frames streamed in ${holdMs} ms at 20 fps`);
        const a = await game.observe(slots);
        expectThat(a.done.simMs === paused.done.simMs, `observed at ${a.done.simMs} ms after pausing at ${paused.done.simMs} ms`);
        for (const f of a.frames) expectThat(f.simMs === paused.done.simMs, `slot ${f.slot}'s frame shows ${f.simMs} ms, paused at ${paused.done.simMs} ms (stale)`);
        await wallWait(holdMs);
        const b = await game.observe(slots);
        expectThat(b.done.simMs === a.done.simMs, `game time moved ${b.done.simMs - a.done.simMs} ms after pause`);
        return `${streamed.length} frames streamed; ran ${fmt(paused.done.actualMs)} ms in ${holdMs} ms of wall time; still after pause`;
      } finally {
        sub.unsubscribe();
      }
    });

    // Each on an episode of its own; the end check then plays a fresh one, whatever game time these used.
    await run.check('stale frames after input, within the bound', async () => {
      await game.reset(seed, variant, slots, frame);
      return staleAfterInput(game, cap, options);
    });
    await run.check('stale frames after a pause and resume, within the bound', async () => {
      await game.reset(seed, variant, slots, frame);
      return staleAfterResume(game, cap, options);
    });
    await game.reset(seed, variant, slots, frame).catch(() => undefined);

    let endedAt: number | undefined;
    await run.check('the episode end is reported', async () => {
      if (endWithinMs <= 0) skip('--end-within 0');
      const limit = (last?.done.simMs ?? 0) + endWithinMs;
      let reply: StepReply | undefined;
      let sim = last?.done.simMs ?? 0;
      while (sim < limit) {
        reply = await game.advance(Math.min(10_000, limit - sim), [], []);
        sim = reply.done.simMs;
        if (reply.done.ended) break;
      }
      if (!reply?.done.ended) fail(`no episode end within ${endWithinMs} ms of idle game time`);
      expectThat(reply.end !== undefined, 'done says ended but no episode_end message came with it');
      endedAt = reply.done.simMs;
      await refused(game.advance(cap.clock.tickMs, [], []), 'BAD_STATE');
      return `episode_end '${reply.end!.reason}' at ${fmt(reply.done.simMs)} ms; a further advance is refused with BAD_STATE`;
    });

    await run.check('reset after the end starts afresh (same seed, same first frame)', async () => {
      if (endedAt === undefined) skip('needs the episode end');
      const again = await game.reset(seed, variant, slots, frame);
      expectThat(again.done.simMs === 0 && !again.done.ended, `reset answered at ${again.done.simMs} ms, ended ${again.done.ended}`);
      if (!cap.clock.exactAdvance) return 'simMs 0 (determinism not required of a measured-advance endpoint)';
      for (const slot of slots) {
        const diff = await frameDifference(frameOf(start, slot), frameOf(again, slot));
        expectThat(diff === 0, `slot ${slot}'s first frame differs from the first reset's (mean difference ${fmt(diff, 2)})`);
      }
      return 'simMs 0; first frames identical to the first reset';
    });

    await run.check('inputs at exact offsets are accepted', async () => {
      const controls = cap.controls;
      const key = controls.keys[0];
      if (key === undefined) skip('the game has no keys');
      const chunk = controls.stepMs * 2;
      const inputs: InputEvent[] = [
        { type: 'key', at: 0, slot: slots[0]!, key, down: true },
        { type: 'key', at: chunk, slot: slots[0]!, key, down: false },
      ];
      const r = await game.advance(chunk, inputs, []);
      return `held ${key} for ${chunk} ms: ran ${fmt(r.done.actualMs)} ms`;
    });
  } finally {
    await run.check('bye closes the link cleanly', async () => {
      const closed = new Promise<ArenaError | undefined>((resolve) => game.onClosed(resolve));
      await game.close('conformance done');
      const err = await within(closed, 3000, 'close');
      expectThat(err === undefined, `closed with ${err?.code ?? ''}: ${err?.message ?? ''}`);
      return 'closed 1000';
    });
  }
  return run.results;
}
