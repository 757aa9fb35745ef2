/** The agent kinds the command line knows, and how to make one. */
import { ArenaError, didYouMean, ErrorCode, type Agent } from '../protocol/index.js';
import { RandomAgent, type RandomMoves } from './random-agent.js';
import { createVlmAgent, parseVlmAgentConfig } from './vlm/index.js';

export interface AgentKindInfo {
  readonly kind: string;
  readonly summary: string;
  /** What the kind needs to be made. */
  readonly needs: string;
}

export const agentKinds: readonly AgentKindInfo[] = [
  { kind: 'scripted', summary: 'a hand-written policy that plays from privileged game state (a strong baseline)', needs: 'a game with a scripted policy' },
  { kind: 'random', summary: 'presses random legal controls and looks around at random; on a board, a random cell or square pair in its notation (the floor)', needs: 'nothing' },
  { kind: 'vlm', summary: 'a vision-language model behind any OpenAI-compatible chat endpoint', needs: '--model and --base-url, or --agent-config FILE' },
  { kind: 'remote', summary: 'an agent in another process or language that joins over AgentLink', needs: 'arena match --listen HOST:PORT (one match) or arena serve (the service); the agent connects with its slot token' },
  { kind: 'idle', summary: 'does nothing, every decision (a reference for how a game plays itself)', needs: 'nothing' },
];

/** Scripted policies by game id, each making a fresh agent; the games provide them and the CLI hands them in. */
export type ScriptedPolicies = Readonly<Record<string, () => Agent>>;

export interface AgentContext {
  readonly game: string;
  /** The scripted policies `scripted` may choose from; none when absent. */
  readonly scripted?: ScriptedPolicies;
  /** Random moves of the turn-based games by id, for `random` (without them it sends a board no move). */
  readonly randomMoves?: RandomMoves;
  readonly seed: number;
  /** The VLM agent's configuration as written (validated here). */
  readonly vlm?: unknown;
}

/** An agent that never presses anything. */
export class IdleAgent implements Agent {
  readonly kind = 'idle';
  readonly privileged = false;
  readonly frameEncoding = 'rgb' as const;
  private steps = 1;
  async start(info: { controls: { chunkSteps: number } }): Promise<void> {
    this.steps = info.controls.chunkSteps;
  }
  async decide(): Promise<{ kind: 'chunk'; chunk: { look: { dx: number; dy: number }; steps: string[][] }; timings: { wallMs: number } }> {
    return { kind: 'chunk', chunk: { look: { dx: 0, dy: 0 }, steps: Array.from({ length: this.steps }, () => []) }, timings: { wallMs: 0 } };
  }
  async close(): Promise<void> {}
}

/** Makes an agent of `kind`; UNKNOWN_AGENT naming the known kinds, or BAD_CONFIG for a bad VLM config. */
export function createAgent(kind: string, context: AgentContext): Agent {
  switch (kind) {
    case 'scripted': {
      const policies = context.scripted ?? {};
      const make = policies[context.game];
      if (!make) throw new ArenaError(ErrorCode.UNKNOWN_AGENT, `no scripted policy for '${context.game}'; games with one: ${Object.keys(policies).join(', ') || 'none'}`);
      return make();
    }
    case 'random':
      return new RandomAgent(context.seed, context.randomMoves?.[context.game]);
    case 'idle':
      return new IdleAgent();
    case 'vlm':
      return createVlmAgent(parseVlmAgentConfig(context.vlm ?? {}));
    case 'remote':
      throw new ArenaError(ErrorCode.UNKNOWN_AGENT, "a 'remote' agent joins a match hosted by `arena serve`; it cannot be made here");
    default:
      throw new ArenaError(ErrorCode.UNKNOWN_AGENT, unknownAgentKind(kind) ?? `unknown agent '${kind}'`);
  }
}

/** What is wrong with an agent kind no agent has (naming the nearest kind and the known ones), or undefined for a known kind. */
export function unknownAgentKind(kind: string): string | undefined {
  const known = agentKinds.map((k) => k.kind);
  return known.includes(kind) ? undefined : `unknown agent '${kind}'${didYouMean(kind, known)}; known agents: ${known.join(', ')}`;
}
