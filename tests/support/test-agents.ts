/** Small agents for tests: fixed answers, slow answers, failures. */
import type { ActionChunk, Agent, AgentStart, Decision, DecisionTimings, FrameEncoding, Observation } from '../../protocol/index.js';

export interface ScriptedReply {
  chunk?: ActionChunk;
  answer?: string;
  /** Wall time to wait before answering, ms. */
  sleepMs?: number;
  timings?: Partial<DecisionTimings>;
  throw?: Error;
}

/** An agent that answers from a script (the last entry repeats) and remembers what it observed. */
export class ScriptAgent implements Agent {
  readonly kind: string;
  readonly privileged: boolean;
  readonly frameEncoding: FrameEncoding = 'rgb';
  readonly observations: Observation[] = [];
  started: AgentStart | undefined;
  closed = false;

  constructor(
    private readonly script: readonly ScriptedReply[] | ((obs: Observation) => ScriptedReply),
    options: { kind?: string; privileged?: boolean } = {},
  ) {
    this.kind = options.kind ?? 'script';
    this.privileged = options.privileged ?? false;
  }

  async start(info: AgentStart): Promise<void> {
    this.started = info;
  }

  async decide(observation: Observation, signal: AbortSignal): Promise<Decision> {
    this.observations.push(observation);
    const reply = typeof this.script === 'function' ? this.script(observation) : (this.script[Math.min(this.observations.length - 1, this.script.length - 1)] ?? {});
    const started = performance.now();
    if (reply.sleepMs) {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, reply.sleepMs);
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          reject(new Error('aborted'));
        }, { once: true });
      });
    }
    if (reply.throw) throw reply.throw;
    const timings = { wallMs: performance.now() - started, ...reply.timings };
    if (reply.answer !== undefined) return { kind: 'answer', answer: reply.answer, timings };
    return { kind: 'chunk', chunk: reply.chunk ?? { look: { dx: 0, dy: 0 }, steps: [[]] }, timings };
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/** A chunk holding `key` for `steps` steps. */
export function holdChunk(key: string, steps: number, look = { dx: 0, dy: 0 }): ActionChunk {
  return { look, steps: Array.from({ length: steps }, () => [key]) };
}
