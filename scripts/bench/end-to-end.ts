/**
 * End to end: frames from a game through the gateway (GameLink in, a pdq match, AgentLink out) to an agent in
 * another process, against a bare `ws` relay moving the same bytes from a game to a client in another
 * process, in the same request-reply pattern. Both games and the relay run in this process; each far end
 * is a child that times the frames it gets on its own clock.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { moduleCommand } from '../../env-bridge/index.js';
import { AgentLinkServer, RemoteAgent, readJsonl } from '../../gateway/index.js';
import type { Decision, EpisodeSummary, Observation } from '../../protocol/index.js';
import { encodeFrame } from '../../game-host/index.js';
import { pumpEntry, testImage } from './pump-game.js';
import { pumpMatch } from './pump-match.js';

const CLIENT = 'scripts/bench/e2e-client.ts';
const QUALITY = 85;

interface ClientReport {
  readonly frames: number;
  readonly ms: number;
  /** The far end's CPU time over the same span, ms. */
  readonly cpuMs: number;
  readonly bytes: number;
}

/** CPU time per frame, ms, of the two processes of a path: this one (game and gateway, or game and relay) and the far end. */
export interface PathCpu {
  readonly hereMs: number;
  readonly farMs: number;
}

export interface EndToEndResult {
  readonly encoding: 'rgb' | 'jpeg';
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  /** Milliseconds per frame at the far end: through the gateway, and through the bare relay (medians). */
  readonly gatewayMs: number;
  readonly relayMs: number;
  /** Where a gateway frame's time goes, ms per decision (medians over runs of the run record's means). */
  readonly gatewayParts: GatewayParts;
  /** CPU per frame of each path's processes (medians): two cores share it, so it bounds how fast a frame can go. */
  readonly gatewayCpu: PathCpu;
  readonly relayCpu: PathCpu;
  /** One hop alone, ms per frame (medians): the AgentLink round trip with no game and no record, and a bare ws send and reply of the same bytes. */
  readonly hop: { readonly agentLinkMs: number; readonly bareMs: number };
}

/** A gateway frame's time, from the run record: the GameLink advance that brings the frame, the AgentLink round trip, and the rest. */
export interface GatewayParts {
  /** GameLink advance round trip (request, game step and render, frame encoded, sent, decoded, checked). */
  readonly advanceMs: number;
  /** From the observation sent to the agent until its action was back (encode, send, the agent, decode, check). */
  readonly agentMs: number;
  /** Everything else: encoding the frame for the agent, the recorded frame and record lines, the loop itself. */
  readonly restMs: number;
}

/** CPU time this process used since `from` (a `process.cpuUsage()`), ms. */
const cpuSince = (from: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};


/** A RemoteAgent that notes this process's CPU time at each decision, to give the gateway's CPU per frame without the match's start and end. */
class CpuNotingAgent extends RemoteAgent {
  private first: NodeJS.CpuUsage | undefined;
  private decisions = 0;
  private usedMs = 0;

  override decide(observation: Observation, signal: AbortSignal): Promise<Decision> {
    this.first ??= process.cpuUsage();
    this.decisions++;
    return super.decide(observation, signal);
  }

  override end(summary: EpisodeSummary): Promise<void> {
    if (this.first !== undefined) this.usedMs = cpuSince(this.first);
    return super.end(summary);
  }

  /** CPU ms per decision, from the first decision to the match's end (two readings: one per decision slows the loop). */
  get perDecisionMs(): number {
    return this.usedMs / Math.max(1, this.decisions);
  }
}

/** Starts the far end; resolves with its report when it exits. */
function farEnd(args: readonly string[]): Promise<ClientReport> {
  const far = moduleCommand(CLIENT);
  const child = spawn(far.command, [...far.args, ...args], { cwd: far.cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as ClientReport);
      } catch {
        reject(new Error(`the benchmark client exited ${code} without a report: ${out.slice(0, 200)}`));
      }
    });
  });
}

const listening = (wss: WebSocketServer): Promise<number> => new Promise((resolve) => wss.once('listening', () => resolve((wss.address() as AddressInfo).port)));

/** Game -> relay -> client: the game answers each ask with the frame (JPEG-encoded per frame, as a game host does). */
async function relay(width: number, height: number, encoding: 'rgb' | 'jpeg', frames: number): Promise<{ report: ClientReport; cpu: PathCpu }> {
  const image = testImage(width, height);
  const game = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  // This process's CPU from the first ask to the last, as the gateway's is taken from its first decision to its last.
  let first: NodeJS.CpuUsage | undefined;
  let asks = 0;
  let usedMs = 0;
  game.on('connection', (ws) =>
    ws.on('message', () => {
      // Two readings only: a reading per frame costs the loop more than it measures.
      first ??= process.cpuUsage();
      if (++asks === frames) usedMs = cpuSince(first);
      void (async () => ws.send(encoding === 'rgb' ? image : await encodeFrame(image, width, height, 'jpeg', QUALITY)))();
    }),
  );
  const gamePort = await listening(game);
  const hub = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
  hub.on('connection', (client) => {
    const upstream = new WebSocket(`ws://127.0.0.1:${gamePort}`, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
    const opened = new Promise((r) => upstream.once('open', r));
    upstream.on('message', (data: Buffer) => client.send(data));
    client.on('message', (data: Buffer) => void opened.then(() => upstream.send(data)));
    client.on('close', () => upstream.close());
  });
  const hubPort = await listening(hub);
  try {
    const report = await farEnd(['relay', `ws://127.0.0.1:${hubPort}`, String(frames)]);
    return { report, cpu: { hereMs: usedMs / Math.max(1, asks - 1), farMs: report.cpuMs / Math.max(1, report.frames - 1) } };
  } finally {
    for (const c of hub.clients) c.terminate();
    await new Promise((r) => hub.close(r));
    for (const c of game.clients) c.terminate();
    await new Promise((r) => game.close(r));
  }
}

/** Game -> gateway -> AgentLink agent: a pdq match of `frames` decisions, the run recorded as every match is. */
async function throughGateway(width: number, height: number, encoding: 'rgb' | 'jpeg', frames: number, runsDir: string): Promise<{ report: ClientReport; parts: GatewayParts; cpu: PathCpu }> {
  const link = await AgentLinkServer.listen();
  try {
    const agent = new CpuNotingAgent(0, { frameEncoding: encoding });
    link.register(agent);
    const report = farEnd(['agent-link', link.url, agent.token]);
    const { result } = await pumpMatch({ width, height, decisions: frames, agent, runsDir, jpegQuality: QUALITY });
    if (result.status !== 'complete') throw new Error(`the end-to-end match ended ${result.status}: ${result.error?.code ?? ''} ${result.error?.message ?? ''}`);
    const client = await report;
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const advanceMs = mean(readJsonl<{ kind: string; wallMs: number }>(join(result.dir, 'ledger.jsonl')).filter((l) => l.kind === 'advance').map((l) => l.wallMs));
    const agentMs = mean(readJsonl<{ timings: { wallMs: number } }>(join(result.dir, 'decisions.jsonl')).map((d) => d.timings.wallMs));
    const perFrame = client.ms / Math.max(1, client.frames - 1);
    return { report: client, parts: { advanceMs, agentMs, restMs: perFrame - advanceMs - agentMs }, cpu: { hereMs: agent.perDecisionMs, farMs: client.cpuMs / Math.max(1, client.frames - 1) } };
  } finally {
    await link.close();
  }
}

/** The test image's bytes in an encoding, as the relay's game sends them. */
async function frameBytes(width: number, height: number, encoding: 'rgb' | 'jpeg'): Promise<Uint8Array> {
  const image = testImage(width, height);
  return encoding === 'rgb' ? image : encodeFrame(image, width, height, 'jpeg', QUALITY);
}

/** The AgentLink hop alone: a RemoteAgent deciding over the same frame `frames` times, no game, no record; ms per frame at the far end. */
async function agentLinkHop(width: number, height: number, encoding: 'rgb' | 'jpeg', frames: number): Promise<number> {
  const data = await frameBytes(width, height, encoding);
  const entry = pumpEntry(width, height);
  const link = await AgentLinkServer.listen();
  const agent = new RemoteAgent(0, { frameEncoding: encoding });
  try {
    link.register(agent);
    const report = farEnd(['agent-link', link.url, agent.token]);
    await agent.start({ matchId: 'hop', game: entry.id, variant: 'default', slot: 0, team: 0, controls: entry.controls, gamePrompt: '', stepBudget: frames });
    const signal = new AbortController().signal;
    for (let step = 0; step < frames; step++) await agent.decide({ slot: 0, step, simMs: step, progress: 0, frame: { seq: step, width, height, encoding, data } }, signal);
    await agent.end({ reason: 'done', progress: 0, outcome: 'none' });
    await agent.close();
    const far = await report;
    return far.ms / Math.max(1, far.frames - 1);
  } finally {
    await agent.close();
    await link.close();
  }
}

/** A bare ws hop: a server that answers each ask with the same bytes, to the relay far end; ms per frame at the far end. */
async function bareHop(width: number, height: number, encoding: 'rgb' | 'jpeg', frames: number): Promise<number> {
  const data = await frameBytes(width, height, encoding);
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  server.on('connection', (ws) => ws.on('message', () => ws.send(data)));
  try {
    const far = await farEnd(['relay', `ws://127.0.0.1:${await listening(server)}`, String(frames)]);
    return far.ms / Math.max(1, far.frames - 1);
  } finally {
    for (const c of server.clients) c.terminate();
    await new Promise((r) => server.close(r));
  }
}

/** Per-frame ms at the far end over `repeats` runs of each path, alternating, medians. */
export async function benchEndToEnd(width: number, height: number, encoding: 'rgb' | 'jpeg', frames = 200, repeats = 3): Promise<EndToEndResult> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-'));
  try {
    const gateway: number[] = [];
    const bare: number[] = [];
    const parts: GatewayParts[] = [];
    const cpus: { gateway: PathCpu; relay: PathCpu }[] = [];
    const hops: { agentLinkMs: number; bareMs: number }[] = [];
    let bytes = 0;
    for (let r = 0; r < repeats; r++) {
      const g = await throughGateway(width, height, encoding, frames, runsDir);
      const b = await relay(width, height, encoding, frames);
      gateway.push(g.report.ms / Math.max(1, g.report.frames - 1));
      parts.push(g.parts);
      cpus.push({ gateway: g.cpu, relay: b.cpu });
      bare.push(b.report.ms / Math.max(1, b.report.frames - 1));
      bytes = b.report.bytes;
      hops.push({ agentLinkMs: await agentLinkHop(width, height, encoding, frames), bareMs: await bareHop(width, height, encoding, frames) });
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const part = (k: keyof GatewayParts): number => median(parts.map((p) => p[k]));
    const cpuOf = (path: 'gateway' | 'relay'): PathCpu => ({ hereMs: median(cpus.map((c) => c[path].hereMs)), farMs: median(cpus.map((c) => c[path].farMs)) });
    return {
      encoding,
      width,
      height,
      bytes,
      gatewayMs: median(gateway),
      relayMs: median(bare),
      gatewayParts: { advanceMs: part('advanceMs'), agentMs: part('agentMs'), restMs: part('restMs') },
      gatewayCpu: cpuOf('gateway'),
      relayCpu: cpuOf('relay'),
      hop: { agentLinkMs: median(hops.map((h) => h.agentLinkMs)), bareMs: median(hops.map((h) => h.bareMs)) },
    };
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
}
