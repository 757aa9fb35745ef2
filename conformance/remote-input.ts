/**
 * The RemoteInput conformance battery: runs a RemoteInput server (a UE5 build, or `arena remote-input-serve`)
 * through what the remote-input driver relies on: replies, screenshots, `slomo 0/1` really freezing and
 * resuming game time, reset, game over, the second player's port, and behaviour under bad lines. Time is
 * read from `get_score` (`sim_ms` or `survival_time`) where the server reports it, else from the picture.
 */
import { connect as netConnect } from 'node:net';
import sharp from 'sharp';
import type { GameEntry } from '../games-manifest/index.js';
import { RemoteInputBackend } from '../game-host/index.js';
import { RemoteInputClient, type Screenshot } from '../game-host/index.js';
import { driverOptions } from '../game-host/index.js';
import { CheckRun, expectThat, fail, fmt, skip, wallWait, type CheckResult } from './checks.js';
import { frameDifference, SAME_PICTURE } from './image-diff.js';
import { clockOf, remoteStaleAfterInput, remoteStaleAfterResume } from './stale-remote-input.js';
import type { StaleFrameOptions } from './stale-frames.js';

export interface RemoteInputConformanceOptions extends StaleFrameOptions {
  /** Wall time a frozen world must hold still across, ms (default 300). */
  readonly holdMs?: number;
  /** Wall time the world runs after `slomo 1`, long enough for the picture to change, ms (default 1500). */
  readonly runMs?: number;
  /** Players the build should have: 2 makes a missing second port a failure (default: probe and report). */
  readonly players?: number;
  /** Wall time within which an idle episode must end, ms (default 0: skipped). */
  readonly endWithinMs?: number;
  /** Time dilation (`slomo`) while waiting for the end (default 1). */
  readonly speed?: number;
  /** Deadline for one reply, ms (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** How long a bad line may go without an answer or a close, ms (default 5 s). */
  readonly answerWithinMs?: number;
  /** Advances the driver runs for the exactness check (default 10; 0 skips), each of `advanceMs` game time (default 720). */
  readonly advances?: number;
  readonly advanceMs?: number;
  /** Largest mean relative error of the driver's advances (default 0.1). */
  readonly tolerance?: number;
  /** Receives each advance's numbers: requested, reported (the server's clock if any, else wall) and wall estimate, ms. */
  readonly onAdvance?: (sample: AdvanceSample) => void;
  readonly onResult?: (r: CheckResult) => void;
}

export interface AdvanceSample {
  readonly requestedMs: number;
  /** What the driver reports: the server's clock when it has one, else the wall estimate. */
  readonly actualMs: number;
  /** Wall time between the resume and the freeze, times the time scale. */
  readonly wallEstimateMs: number;
}

/** A game the battery knows nothing about: one player, no controls, one variant. */
const unknownBuild: GameEntry = {
  id: 'remote_input_build',
  name: 'RemoteInput build',
  regime: 'solo',
  view: 'third-person',
  summary: 'A RemoteInput server under test.',
  slots: [{ slot: 0, team: 0 }],
  controls: { keys: [], buttons: [], tapControls: [], mouseAxes: [], maxLookDeg: 1, chunkSteps: 6, stepMs: 120, tapMs: 30 },
  frame: { width: 640, height: 360 },
  timeLimitMs: 600_000,
  stepBudget: 1000,
  progress: 'score',
  variants: [{ id: 'default', heldOut: false, description: 'whatever the build is running' }],
  prompt: { rules: '', screen: '', controls: '' },
  launch: { kind: 'remote-input', host: '127.0.0.1', basePort: 12345 },
};

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const shotFrame = (s: Screenshot): { data: Uint8Array; encoding: 'jpeg' | 'png'; width: number; height: number } => ({ data: s.data, encoding: s.format, width: s.width, height: s.height });


/** Sends raw bytes on a fresh connection; resolves with what happened: a reply line, a close, or nothing. */
function rawExchange(host: string, port: number, payload: Buffer | string, waitMs: number): Promise<{ reply: string | undefined; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = netConnect({ host, port });
    let text = '';
    let done = false;
    const finish = (closed: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      // The first line that is not a welcome is the answer to the bad line.
      const reply = text
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l.length > 0 && !l.includes('"welcome"'));
      resolve({ reply, closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('connect', () => socket.write(payload));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.split('\n').some((l) => l.trim().length > 0 && !l.includes('"welcome"'))) finish(false);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
  });
}

/** Runs the RemoteInput battery against host:port (player 1's port). */
export async function runRemoteInputConformance(host: string, port: number, options: RemoteInputConformanceOptions = {}): Promise<CheckResult[]> {
  const run = new CheckRun(options.onResult);
  const holdMs = options.holdMs ?? 300;
  const runMs = options.runMs ?? 1500;
  const answerWithinMs = options.answerWithinMs ?? 5000;
  const clientOptions = { host, port, ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }) };
  let client: RemoteInputClient | undefined;

  await run.check('connect (welcome line optional)', async () => {
    client = await RemoteInputClient.connect(clientOptions);
    // The first reply comes after any welcome on the same socket.
    await client.getScore();
    const w = client.welcome;
    return w ? `welcome: ${JSON.stringify(w).slice(0, 120)}` : 'no welcome line (allowed)';
  });
  if (!client) {
    run.blocked('the rest of the battery', 'connect');
    return run.results;
  }
  const c = client;
  try {
    let hasClock = false;
    await run.check('get_score answers a score', async () => {
      const s = await c.getScore();
      hasClock = clockOf(s) !== undefined;
      const fields = Object.keys(s.raw).filter((k) => k !== 'type');
      return `score ${fmt(s.score, 3)}; fields: ${fields.join(', ')}${hasClock ? '' : ' (no game clock: time is judged from pictures)'}`;
    });
    await run.check('game_over_check answers a boolean', async () => `game_over ${await c.gameOverCheck()}`);

    await run.check('screenshot: header, then exactly that many bytes of one image', async () => {
      const shot = await c.screenshot(85);
      const meta = await sharp(shot.data).metadata();
      expectThat(meta.width === shot.width && meta.height === shot.height, `header says ${shot.width}x${shot.height}, the image is ${meta.width ?? '?'}x${meta.height ?? '?'}`);
      return `${shot.width}x${shot.height} ${shot.format}, ${shot.data.length} bytes${c.stats.pendingRetries ? `, ${c.stats.pendingRetries} pending retries` : ''}`;
    });

    await run.check('reset restarts the episode', async () => {
      c.console('slomo 0');
      await c.reset();
      c.console('slomo 0');
      const s = await c.getScore();
      expectThat(!(await c.gameOverCheck()), 'game_over_check is true right after reset');
      const t = clockOf(s);
      if (t !== undefined) expectThat(t < 1000, `game clock at ${fmt(t)} ms right after reset`);
      return `game over false${t === undefined ? '' : `, clock ${fmt(t)} ms`}`;
    });

    let frozenShot: Screenshot | undefined;
    await run.check('slomo 0 freezes the world (sent twice: idempotent)', async () => {
      c.console('slomo 0');
      c.console('slomo 0');
      const [s1, a] = [await c.getScore(), await c.screenshot()];
      await wallWait(holdMs);
      const [s2, b] = [await c.getScore(), await c.screenshot()];
      frozenShot = b;
      const t1 = clockOf(s1);
      const t2 = clockOf(s2);
      if (t1 !== undefined && t2 !== undefined) expectThat(t1 === t2, `game clock moved ${fmt(t2 - t1)} ms in ${holdMs} ms of wall time while frozen`);
      const diff = await frameDifference(shotFrame(a), shotFrame(b));
      expectThat(diff <= SAME_PICTURE, `the picture changed while frozen (mean difference ${fmt(diff, 2)})`);
      return `clock ${t2 === undefined ? 'not reported' : `held at ${fmt(t2)} ms`}; picture unchanged across ${holdMs} ms`;
    });

    await run.check('slomo 1 resumes at wall-clock speed; the next frame is fresh', async () => {
      const s1 = await c.getScore();
      const before = frozenShot ?? (await c.screenshot());
      c.console('slomo 1');
      const started = performance.now();
      await wallWait(runMs);
      c.console('slomo 0');
      const wall = performance.now() - started;
      const s2 = await c.getScore();
      const after = await c.screenshot();
      const diff = await frameDifference(shotFrame(before), shotFrame(after));
      const t1 = clockOf(s1);
      const t2 = clockOf(s2);
      if (t1 !== undefined && t2 !== undefined) {
        const ratio = (t2 - t1) / wall;
        expectThat(ratio > 0.5 && ratio < 1.5, `game clock ran ${fmt(t2 - t1)} ms in ${fmt(wall)} ms of wall time (ratio ${fmt(ratio, 2)})`);
        expectThat(diff > 0, `the picture is identical after ${fmt(t2 - t1)} ms of game time (a stale frame?)`);
        return `ran ${fmt(t2 - t1)} ms of game time in ${fmt(wall)} ms (ratio ${fmt(ratio, 2)}); picture changed`;
      }
      expectThat(diff > 0, `no game clock reported and the picture is identical after ${fmt(wall)} ms resumed`);
      return `picture changed after ${fmt(wall)} ms resumed (no game clock to compare)`;
    });

    await run.check('stale screenshots after input, within the bound', () => remoteStaleAfterInput(c, options));
    await run.check('stale screenshots after a pause and resume, within the bound', () => remoteStaleAfterResume(c, options));

    const advances = options.advances ?? 10;
    const advanceMs = options.advanceMs ?? 720;
    await run.check(`driver advance (${advances} x ${advanceMs} ms): actual/requested`, async () => {
      if (advances <= 0) skip('--advances 0');
      const backend = await RemoteInputBackend.connect(unknownBuild, driverOptions(unknownBuild, { kind: 'remote-input', host, basePort: port }, { client: clientOptions }));
      const ratios: number[] = [];
      const wallRatios: number[] = [];
      const wallErrors: number[] = [];
      try {
        const reset = { seed: 1, variant: 'default', slots: [0], width: 640, height: 360 };
        await backend.reset(reset);
        for (let i = 0; i < advances; i++) {
          const s = await backend.advance(advanceMs, []);
          // A stretch cut short by the episode's end measures the game, not the driver: start again.
          if (s.end) {
            await backend.reset(reset);
            i--;
            continue;
          }
          options.onAdvance?.({ requestedMs: advanceMs, actualMs: s.actualMs, wallEstimateMs: backend.lastWallEstimateMs });
          ratios.push(s.actualMs / advanceMs);
          wallRatios.push(backend.lastWallEstimateMs / advanceMs);
          wallErrors.push(Math.abs(backend.lastWallEstimateMs - s.actualMs));
        }
      } finally {
        await backend.close();
      }
      const sorted = [...ratios].sort((a, b) => a - b);
      const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
      const wallMean = wallRatios.reduce((a, b) => a + b, 0) / wallRatios.length;
      const wallVsClock = hasClock
        ? `; wall estimate vs game clock: mean |diff| ${fmt(wallErrors.reduce((a, b) => a + b, 0) / wallErrors.length, 1)} ms, max ${fmt(Math.max(...wallErrors), 1)} ms`
        : ' (no game clock: reported = wall estimate)';
      const summary = `mean ${fmt(mean, 3)}, min ${fmt(sorted[0]!, 3)}, p95 ${fmt(quantile(sorted, 0.95), 3)}, max ${fmt(sorted.at(-1)!, 3)}; wall estimate mean ${fmt(wallMean, 3)}${wallVsClock}`;
      expectThat(Math.abs(mean - 1) <= (options.tolerance ?? 0.1), `${summary}: beyond the tolerance`);
      return summary;
    });

    await run.check('fire-and-forget commands are never answered', async () => {
      const before = c.stats.unsolicited;
      c.key('W', true);
      c.key('W', false);
      c.mouse(0, 0);
      c.mouseButton('left', false);
      c.console('slomo 0');
      await c.getScore();
      expectThat(c.stats.unsolicited === before, `${c.stats.unsolicited - before} unexpected line(s) after key/mouse/console commands`);
      return 'key, mouse, mouse_button and console sent; the next line was the score';
    });

    await run.check("the second player's port is base + 1", async () => {
      let second: RemoteInputClient;
      try {
        second = await RemoteInputClient.connect({ ...clientOptions, port: port + 1, connectTimeoutMs: 2000 });
      } catch (err) {
        if ((options.players ?? 1) >= 2) fail(`cannot connect to ${host}:${port + 1}: ${err instanceof Error ? err.message : String(err)}`);
        skip(`nothing on ${port + 1} (a one-player build)`);
      }
      try {
        const [p1, p2] = [await c.getScore(), await second.getScore()];
        if (p1.playerIndex !== undefined && p2.playerIndex !== undefined) {
          expectThat(p1.playerIndex === 0 && p2.playerIndex === 1, `player_index ${p1.playerIndex} on ${port}, ${p2.playerIndex} on ${port + 1}`);
          return `player_index 0 on ${port}, 1 on ${port + 1}`;
        }
        return `${port + 1} answers (no player_index to compare)`;
      } finally {
        await second.close();
      }
    });

    await run.check('a line that is not JSON is answered or closed; others play on', async () => {
      const { reply, closed } = await rawExchange(host, port, 'this is not json\n', answerWithinMs);
      expectThat(reply !== undefined || closed, `neither an answer nor a close within ${answerWithinMs} ms`);
      await c.getScore();
      return reply ? `answered ${reply.slice(0, 80)}` : 'closed the connection';
    });

    await run.check('an unknown command type is answered or closed', async () => {
      const { reply, closed } = await rawExchange(host, port, '{"type":"no_such_command_zz"}\n', answerWithinMs);
      expectThat(reply !== undefined || closed, `neither an answer nor a close within ${answerWithinMs} ms`);
      await c.getScore();
      return reply ? `answered ${reply.slice(0, 80)}` : 'closed the connection';
    });

    await run.check('a 2 MiB line is refused or closed; others play on', async () => {
      const { reply, closed } = await rawExchange(host, port, Buffer.alloc(2 * 1024 * 1024, 0x78), answerWithinMs);
      expectThat(reply !== undefined || closed, `neither an answer nor a close within ${answerWithinMs} ms`);
      await c.getScore();
      return reply ? `answered ${reply.slice(0, 80)}` : 'closed the connection';
    });

    await run.check('the episode end is reported', async () => {
      const budget = options.endWithinMs ?? 0;
      if (budget <= 0) skip('--end-within 0 (an idle episode may take minutes)');
      let pushed = false;
      const stop = c.onGameOver(() => {
        pushed = true;
      });
      try {
        await c.reset();
        c.console(`slomo ${options.speed ?? 1}`);
        const started = performance.now();
        let over = false;
        while (!over && !pushed && performance.now() - started < budget) {
          await wallWait(100);
          over = await c.gameOverCheck();
        }
        c.console('slomo 0');
        expectThat(over || pushed, `no game over within ${budget} ms of wall time`);
        expectThat(await c.gameOverCheck(), 'a game_over push came but game_over_check says false');
        const s = await c.getScore();
        return `${pushed ? 'pushed game_over' : 'game_over_check only (no push)'} after ${fmt(performance.now() - started)} ms; score ${fmt(s.score, 3)}`;
      } finally {
        stop();
      }
    });

    await run.check('reset after the end clears game over', async () => {
      await c.reset();
      c.console('slomo 0');
      expectThat(!(await c.gameOverCheck()), 'game_over_check still true after reset');
      return 'game over false; the world is left frozen (slomo 0)';
    });
  } finally {
    await c.close();
  }
  return run.results;
}
