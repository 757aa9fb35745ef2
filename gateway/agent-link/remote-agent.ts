/**
 * An agent that lives in another process, behind AgentLink. It joins one slot with that slot's token; the
 * gateway sends it only that slot's observations and waits for its action. A dropped connection may come
 * back within a grace period and pick up the decision in flight; past it the agent is gone (AGENT_GONE).
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  AGENT_LINK_VERSION,
  ArenaError,
  CloseCode,
  ErrorCode,
  LatestSender,
  sendMessage,
  type ActionChunk,
  type AgentAction,
  type Agent,
  type AgentJoined,
  type AgentStart,
  type Decision,
  type EpisodeSummary,
  type FrameEncoding,
  type GatewayMessage,
  type Observation,
} from '../../protocol/index.js';

export interface RemoteAgentOptions {
  /** How long `start` waits for the agent to join, ms (default 120 s). */
  readonly joinTimeoutMs?: number;
  /** How long a decision waits for a dropped agent to reconnect, ms (default 10 s). */
  readonly reconnectGraceMs?: number;
  /** The frame encoding sent to the agent (default JPEG). */
  readonly frameEncoding?: FrameEncoding;
  readonly clock?: string;
}

interface PendingDecision {
  readonly observation: Observation;
  readonly sentAt: number;
  readonly resolve: (action: AgentAction) => void;
}

export class RemoteAgent implements Agent {
  readonly kind = 'remote';
  readonly privileged = false;
  /** The encoding the agent's frames go out in: the match's default until the agent's hello asks for another. */
  frameEncoding: FrameEncoding;
  /** The slot token: whoever holds it plays this slot, and only this slot. */
  readonly token = randomBytes(16).toString('hex');
  /** The name the agent gave in its hello, and its client library. */
  joined: AgentJoined | undefined;
  private socket: WebSocket | undefined;
  private info: AgentStart | undefined;
  private pending: PendingDecision | undefined;
  private readonly attachWaiters: (() => void)[] = [];
  /** What the decision in flight does when the socket drops (one decision is in flight at most). */
  private onLoss: (() => void) | undefined;
  private finished = false;
  /** Observations of the current socket: only the newest waits while the agent is behind on reading. */
  private observations: LatestSender | undefined;
  private droppedBefore = 0;

  constructor(readonly slot: number, private readonly options: RemoteAgentOptions = {}) {
    this.frameEncoding = options.frameEncoding ?? 'jpeg';
  }

  get connected(): boolean {
    return this.socket !== undefined;
  }

  /** Bytes written to the agent's socket that it has not taken yet (0 without a socket). */
  get bufferedBytes(): number {
    return this.socket?.bufferedAmount ?? 0;
  }

  /** Observations replaced by a newer one before the agent's socket could take them, over all its connections. */
  get framesDropped(): number {
    return this.droppedBefore + (this.observations?.dropped ?? 0);
  }

  /**
   * Binds a socket that presented this agent's token; SLOT_TAKEN if another socket holds the slot. The first
   * hello's name, client and frame encoding stand for the match: a reconnection does not change what the
   * run recorded.
   */
  attach(ws: WebSocket, hello: { agent: string; client?: { name: string; version: string } | undefined; frame?: FrameEncoding | undefined }): void {
    if (this.finished) throw new ArenaError(ErrorCode.BAD_STATE, 'this match is over');
    if (this.socket) throw new ArenaError(ErrorCode.SLOT_TAKEN, `slot ${this.slot} already has an agent`);
    this.socket = ws;
    if (!this.joined) {
      this.joined = { name: hello.agent, ...(hello.client ? { client: { name: hello.client.name, version: hello.client.version } } : {}) };
      if (hello.frame !== undefined) this.frameEncoding = hello.frame;
    }
    const observations = new LatestSender(ws);
    this.observations = observations;
    ws.once('close', () => {
      if (this.socket !== ws) return;
      this.droppedBefore += observations.dropped;
      this.observations = undefined;
      this.socket = undefined;
      const onLoss = this.onLoss;
      this.onLoss = undefined;
      onLoss?.();
    });
    if (this.info) this.sendWelcome();
    // A decision that was in flight when the previous connection dropped is asked again.
    if (this.pending) void this.sendObservation(this.pending.observation);
    for (const w of this.attachWaiters.splice(0)) w();
  }

  /** An action from the agent's socket. Stale or unasked actions are refused with BAD_STATE. */
  onAction(ws: WebSocket, action: AgentAction): void {
    const pending = this.pending;
    if (!pending || pending.observation.step !== action.step) {
      sendToAgent(ws, { type: 'error', code: ErrorCode.BAD_STATE, message: pending ? `expected an action for step ${pending.observation.step}, got ${action.step}` : 'no observation is waiting for an action' });
      return;
    }
    this.pending = undefined;
    pending.resolve(action);
  }

  async start(info: AgentStart): Promise<void> {
    this.info = info;
    if (this.socket) this.sendWelcome();
    else await this.waitForSocket(this.options.joinTimeoutMs ?? 120_000, `no agent joined slot ${this.slot} within`);
  }

  async decide(observation: Observation, signal: AbortSignal): Promise<Decision> {
    if (!this.socket) await this.waitForSocket(this.options.reconnectGraceMs ?? 10_000, `the agent of slot ${this.slot} is gone and did not come back within`);
    const started = performance.now();
    const action = await new Promise<AgentAction>((resolve, reject) => {
      const onAbort = (): void => {
        this.pending = undefined;
        this.onLoss = undefined;
        reject(signal.reason instanceof Error ? signal.reason : new ArenaError(ErrorCode.ABORTED, 'decision aborted'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending = {
        observation,
        sentAt: started,
        resolve: (a) => {
          signal.removeEventListener('abort', onAbort);
          // A settled decision watches the socket no more (each one's watch would otherwise stay for the match).
          this.onLoss = undefined;
          resolve(a);
        },
      };
      void this.sendObservation(observation);
      this.watchForLoss(observation.step, reject, signal);
    });
    const wallMs = performance.now() - started;
    const t = action.timings ?? {};
    const timings = {
      wallMs,
      ...(t.ttftMs === undefined ? {} : { ttftMs: t.ttftMs }),
      ...(t.ttltMs === undefined ? {} : { ttltMs: t.ttltMs }),
      ...(t.providerMs === undefined ? {} : { providerMs: t.providerMs }),
      ...(t.networkRttMs === undefined ? {} : { networkRttMs: t.networkRttMs }),
      ...(t.http === undefined ? {} : { http: t.http }),
    };
    // What the agent says of its decision, kept in the record whichever form the decision took.
    const said = {
      ...(action.usage ? { usage: stripUndefined(action.usage) } : {}),
      ...(action.reasoning === undefined ? {} : { reasoning: action.reasoning }),
    };
    if (action.chunk && action.answer === undefined) {
      const { look, steps, axes } = action.chunk;
      // The axis maps are names and numbers here; the gateway's checkChunk checks them against the game.
      const held = axes === undefined ? {} : { axes: axes as NonNullable<ActionChunk['axes']> };
      return { kind: 'chunk', chunk: { look: { dx: look[0], dy: look[1] }, steps, ...held }, timings, ...said };
    }
    return { kind: 'answer', answer: action.answer ?? '', timings, ...said };
  }

  async end(summary: EpisodeSummary): Promise<void> {
    if (this.socket) sendToAgent(this.socket, { type: 'end', ...summary });
  }

  async close(): Promise<void> {
    this.finished = true;
    // Nobody waits for a join any more (the match ended, perhaps by a signal during the wait): the waits end
    // now, with their timers, instead of holding the process until they run out.
    for (const w of this.attachWaiters.splice(0)) w();
    const ws = this.socket;
    this.socket = undefined;
    if (ws && ws.readyState === ws.OPEN) ws.close(CloseCode.MATCH_OVER, 'match over');
  }

  /** While a decision waits: if the socket drops and does not come back within the grace, the agent is gone. */
  private watchForLoss(step: number, reject: (err: ArenaError) => void, signal: AbortSignal): void {
    const onDetach = (): void => {
      if (this.pending?.observation.step !== step || signal.aborted) return;
      this.waitForSocket(this.options.reconnectGraceMs ?? 10_000, `the agent of slot ${this.slot} left and did not come back within`).then(
        () => {
          if (this.pending?.observation.step === step && !signal.aborted) this.watchForLoss(step, reject, signal);
        },
        (err: ArenaError) => {
          if (this.pending?.observation.step !== step) return;
          this.pending = undefined;
          reject(err);
        },
      );
    };
    if (!this.socket) onDetach();
    else this.onLoss = onDetach;
  }

  private waitForSocket(timeoutMs: number, what: string): Promise<void> {
    if (this.socket) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = this.attachWaiters.indexOf(done);
        if (i >= 0) this.attachWaiters.splice(i, 1);
        reject(new ArenaError(ErrorCode.AGENT_GONE, `${what} ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.attachWaiters.push(done);
    });
  }

  private sendWelcome(): void {
    const info = this.info!;
    sendToAgent(this.socket!, {
      type: 'welcome',
      version: AGENT_LINK_VERSION,
      matchId: info.matchId,
      slot: info.slot,
      team: info.team,
      game: info.game,
      variant: info.variant,
      clock: this.options.clock ?? 'pdq',
      controls: info.controls,
      gamePrompt: info.gamePrompt,
      stepBudget: info.stepBudget,
    });
  }

  private async sendObservation(o: Observation): Promise<void> {
    if (!this.socket || !this.observations) return;
    this.observations.send(0, {
      type: 'observation',
      step: o.step,
      simMs: o.simMs,
      progress: o.progress,
      frame: o.frame,
      ...(o.feedback === undefined ? {} : { feedback: o.feedback }),
      ...(o.decided === undefined ? {} : { decided: o.decided }),
      ...(o.benchmarkScore === undefined ? {} : { benchmarkScore: o.benchmarkScore }),
    });
  }
}

/** Sends one gateway-to-agent message. */
function sendToAgent(ws: WebSocket, message: GatewayMessage): boolean {
  return sendMessage(ws, message);
}

function stripUndefined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never;
}
