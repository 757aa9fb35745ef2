/**
 * The contract between the gateway and an agent, whatever kind it is: the gateway observes, the agent
 * decides, the gateway turns the decision into timed input. Agents never see privileged state unless they
 * declare `privileged` (scripted policies); a VLM agent never does, and a game is asked for state only
 * when some agent of the match declares it.
 *
 * A decision is checked in one place, the gateway, against the game's control set: an `answer` (model text)
 * is parsed there with `parseAnswer`, a `chunk` the agent built is checked there with
 * `checkChunk`, without a text or JSON round trip. Agents do not parse answers themselves. An invalid
 * answer or chunk becomes a counted no-op, and the gateway's one feedback line on it arrives with the next
 * observation (`Observation.feedback`, unless the match turns feedback off); an agent that shows the model
 * feedback shows that line.
 *
 * Frames are encoded once per (frame, profile): an agent names its encoding (`frameEncoding`) and, for JPEG,
 * its profile (`jpeg`: quality, largest side); the gateway encodes each frame once for it, and the run
 * records that very JPEG as the decision's frame.
 */
import type { ActionChunk } from './action-chunk.js';
import type { ControlSet } from './controls.js';
import type { FrameEncoding } from './game-link.js';

/** What an agent is told once, before its first observation. */
export interface AgentStart {
  readonly matchId: string;
  readonly game: string;
  readonly variant: string;
  readonly slot: number;
  readonly team: number;
  readonly controls: ControlSet;
  /** The game's prompt for a model player: rules, what is on screen, controls, action format. */
  readonly gamePrompt: string;
  /** Decisions this agent may make at most (the step budget). */
  readonly stepBudget: number;
  /** The match's rules: `omnigamearena` when it plays by the benchmark runner's (its grammar and history rules); absent means ours. */
  readonly profile?: 'default' | 'omnigamearena';
}

/** One observation: the agent's own view and nothing of any other player's. */
export interface Observation {
  readonly slot: number;
  /** Index of this decision within the episode, from 0. */
  readonly step: number;
  readonly simMs: number;
  readonly frame: {
    readonly seq: number;
    readonly width: number;
    readonly height: number;
    readonly encoding: FrameEncoding;
    readonly data: Uint8Array;
  };
  /** This player's normalised progress so far. */
  readonly progress: number;
  /** A one-line note about the previous answer (e.g. why it was invalid), when feedback is on. */
  readonly feedback?: string;
  /** Privileged game state: present only for agents that declare `privileged`. */
  readonly state?: Readonly<Record<string, unknown>>;
  /** Under the omnigamearena profile: this slot's benchmark score so far (the runner's, as run.json's `benchmark` keeps it). */
  readonly benchmarkScore?: number;
  /** How this slot's previous decision was settled (AgentLink passes it on; in-process agents may ignore it). */
  readonly decided?: DecidedNote;
}

/** How one decision was settled: its step, status, charged latency and, once judged, its frame's integrity verdict. */
export interface DecidedNote {
  readonly step: number;
  readonly status: 'valid' | 'invalid' | 'failed';
  readonly chargedMs: number;
  readonly integrity?: string;
}

/** The stages of one timed HTTP request (a fresh connection), ms: connect, TLS, send, wait for the first byte, the rest. */
export interface HttpTimings {
  /** The TCP connect (three-way handshake: about one round trip). */
  readonly tcpMs: number;
  /** The TLS handshake; 0 over plain HTTP. */
  readonly tlsMs: number;
  /** Writing the request. */
  readonly sendMs: number;
  /** From the last byte sent to the first byte received. */
  readonly ttfbMs: number;
  /** From the first byte to the end of the response. */
  readonly downloadMs: number;
  readonly wallMs: number;
}

/** How a decision was made, as measured by the agent. All times in ms. */
export interface DecisionTimings {
  /** Wall time of the whole decision as the agent measured it. */
  readonly wallMs: number;
  /** Time to the first streamed token. */
  readonly ttftMs?: number;
  /** Time to the last streamed token, or to the whole body of a plain (non-streamed) answer: the whole decision as the provider made it. */
  readonly ttltMs?: number;
  /** Processing time the provider reported for the call. */
  readonly providerMs?: number;
  /** Measured network round trip to the provider, for `ttfb` charging. */
  readonly networkRttMs?: number;
  /** Wall time spent in failed attempts that were retried (never charged to the game). */
  readonly retryMs?: number;
  /** Attempts that failed and were made again (a context overflow retried without history included). */
  readonly retries?: number;
  /** The first request was refused as over the model's context and retried without history. */
  readonly contextRetry?: boolean;
  /** The successful call's stages, when it was made by a timed request of our own (the `ttfb_minus_tcp` source). */
  readonly http?: HttpTimings;
}

export interface DecisionUsage {
  readonly tokensIn?: number;
  readonly tokensOut?: number;
  readonly reasoningTokens?: number;
  readonly images?: number;
  readonly bytesSent?: number;
}

/** An agent's decision: a chunk it built itself (the gateway checks it), or an answer text (the gateway parses it). */
export type Decision =
  | {
      readonly kind: 'chunk';
      readonly chunk: ActionChunk;
      readonly timings: DecisionTimings;
      readonly note?: string;
      /** What an agent that built its own chunk says of it (a remote agent's `reasoning`), kept in the record. */
      readonly reasoning?: string;
      readonly usage?: DecisionUsage;
    }
  | {
      readonly kind: 'answer';
      readonly answer: string;
      readonly timings: DecisionTimings;
      readonly usage?: DecisionUsage;
      /** Digest of everything the model saw for this decision (prompt, history, images). */
      readonly promptDigest?: string;
      /** The system prompt the model got (the record keeps it once, when it changes). */
      readonly systemPrompt?: string;
      /** The current frame exactly as the model got it, for the record. */
      readonly sentImage?: { readonly data: Uint8Array; readonly sha256: string; readonly width: number; readonly height: number };
      readonly reasoning?: string;
      /** The provider's `finish_reason` (`length`: the output cap cut the answer). */
      readonly finishReason?: string;
    };

/** The JPEG an agent wants: quality 1-100, and the largest side it is scaled down to (never up), px. */
export interface JpegProfile {
  readonly quality: number;
  readonly maxSide?: number | undefined;
}

/** How an episode ended for one agent, told to it before it is closed. */
export interface EpisodeSummary {
  readonly reason: string;
  readonly progress: number;
  readonly outcome: 'win' | 'draw' | 'loss' | 'none';
}

/** Any agent: scripted, random, VLM, or a remote one behind AgentLink. */
export interface Agent {
  /** Agent kind, as named on the command line (`scripted`, `random`, `vlm`, `remote`). */
  readonly kind: string;
  /** Reads privileged game state. Only scripted policies may. */
  readonly privileged: boolean;
  /** The frame encoding this agent wants: raw RGB for in-process policies, JPEG for models. */
  readonly frameEncoding: FrameEncoding;
  /** The effective settings its results depend on (model route, history, image size, temperature...), for run.json's conditions. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** With `frameEncoding` JPEG: the quality and size it wants; default the match's JPEG quality at the frame's size. */
  readonly jpeg?: JpegProfile;
  start(info: AgentStart): Promise<void>;
  /** Decides on one observation; `signal` aborts when the match ends or the decision deadline passes. */
  decide(observation: Observation, signal: AbortSignal): Promise<Decision>;
  /** Tells the agent how the episode ended (not called when the match failed before it started). */
  end?(summary: EpisodeSummary): Promise<void>;
  /** Releases what the agent holds. Called once, whatever happened. */
  close(): Promise<void>;
  /** Frames the agent's link dropped because the agent read too slowly (agents behind a socket only). */
  readonly framesDropped?: number;
  /** Who joined, for an agent in another process: the name its hello gave and the client library it runs on (known once `start` resolved). */
  readonly joined?: AgentJoined | undefined;
}

/** The name a remote agent gave in its hello and the client it runs on (AgentLink's optional `client`). */
export interface AgentJoined {
  readonly name: string;
  readonly client?: { readonly name: string; readonly version: string };
}
