/**
 * AgentLink: the protocol between the gateway (server) and an agent that lives outside its process, in any
 * language. msgpack maps on binary WebSocket messages at `/agent`; the agent joins one slot with that slot's
 * token and then only ever sees that slot's view. See docs/agent-link.md.
 */
import { z } from 'zod';
import { ControlSet } from './controls.js';
import { FrameEncoding } from './game-link.js';
import { WireErrorCode } from './wire-error-code.js';
import { Limits } from './limits.js';

export const AGENT_LINK_VERSION = 1;

/** Binary bytes of any backing buffer (a frame a Buffer pool holds is one too). */
const Bytes: z.ZodType<Uint8Array> = z.instanceof(Uint8Array);
const Name = z.string().min(1).max(Limits.maxNameLength);
const Text = z.string().max(Limits.maxTextLength);
const Ms = z.number().min(0).max(24 * 3600 * 1000);

// ---- agent -> gateway -----------------------------------------------------------------------

export const AgentHello = z.strictObject({
  type: z.literal('hello'),
  version: z.number().int().min(0),
  /** The slot token the match gave this agent. */
  token: z.string().min(16).max(128),
  /** A name for records: the run's label for this slot (run.json, reports, the runs table) unless the match gave one. */
  agent: Name,
  /** The client library and its version (the Python package sends `{name: 'arena-gateway', version}`), kept in run.json. */
  client: z.strictObject({ name: Name, version: Name }).optional(),
  /** The frame encoding this agent wants: `jpeg` (default) or raw `rgb` (width x height x 3 bytes, rows top first). */
  frame: z.enum(['jpeg', 'rgb']).optional(),
});
export const AgentAction = z.strictObject({
  type: z.literal('action'),
  /** The step of the observation this answers. */
  step: z.number().int().min(0),
  /** The model's answer text, parsed by the gateway like any VLM answer. */
  answer: Text.optional(),
  /** Or a chunk built by the agent itself: look [X, Y] degrees, held controls per step, and gamepad axes per step. */
  chunk: z
    .strictObject({
      look: z.tuple([z.number(), z.number()]),
      steps: z.array(z.array(Name).max(Limits.maxControls)).max(64),
      /** One `{axis: value}` map per step (`{LX: 0.5, RT: 1}`), checked against the game's axes and their ranges. */
      axes: z.array(z.record(Name, z.number())).max(64).optional(),
    })
    .optional(),
  reasoning: Text.optional(),
  /** Self-reported timings, ms (used by the `provider`, `ttfb`, `ttlt` and `ttfb_minus_tcp` latency sources). */
  timings: z
    .strictObject({
      ttftMs: Ms.optional(),
      ttltMs: Ms.optional(),
      providerMs: Ms.optional(),
      networkRttMs: Ms.optional(),
      wallMs: Ms.optional(),
      /** The stages of the call when the agent made it as a timed request on a fresh connection (`ttfb_minus_tcp` charges ttfbMs - tcpMs). */
      http: z.strictObject({ tcpMs: Ms, tlsMs: Ms, sendMs: Ms, ttfbMs: Ms, downloadMs: Ms, wallMs: Ms }).optional(),
    })
    .optional(),
  usage: z
    .strictObject({
      tokensIn: z.number().int().min(0).optional(),
      tokensOut: z.number().int().min(0).optional(),
      reasoningTokens: z.number().int().min(0).optional(),
    })
    .optional(),
});
export type AgentAction = z.infer<typeof AgentAction>;
export const AgentBye = z.strictObject({ type: z.literal('bye'), reason: Text });

export const AgentMessage = z.discriminatedUnion('type', [AgentHello, AgentAction, AgentBye]);
export type AgentMessage = z.infer<typeof AgentMessage>;

// ---- gateway -> agent -----------------------------------------------------------------------

export const Welcome = z.strictObject({
  type: z.literal('welcome'),
  version: z.number().int(),
  matchId: Name,
  slot: z.number().int().min(0),
  team: z.number().int().min(0),
  game: Name,
  variant: Name,
  clock: Name,
  controls: ControlSet,
  /** The game's prompt for a model player (rules, screen, controls, action format). */
  gamePrompt: Text,
  stepBudget: z.number().int().min(0),
});
export type Welcome = z.infer<typeof Welcome>;
export const AgentObservation = z.strictObject({
  type: z.literal('observation'),
  step: z.number().int().min(0),
  simMs: z.number().min(0),
  progress: z.number().min(0).max(1),
  frame: z.strictObject({
    seq: z.number().int().min(0),
    width: z.number().int().min(1),
    height: z.number().int().min(1),
    encoding: FrameEncoding,
    data: Bytes,
  }),
  feedback: Text.optional(),
  /** Under the omnigamearena profile: this slot's benchmark score so far. */
  benchmarkScore: z.number().optional(),
  /** How this slot's previous decision was settled: its step, status, the latency charged for it and (once judged) its frame's integrity verdict. */
  decided: z
    .strictObject({ step: z.number().int().min(0), status: z.enum(['valid', 'invalid', 'failed']), chargedMs: z.number().min(0), integrity: Name.optional() })
    .optional(),
});
export type AgentObservation = z.infer<typeof AgentObservation>;
export const MatchEnd = z.strictObject({
  type: z.literal('end'),
  reason: Name,
  progress: z.number().min(0).max(1),
  outcome: z.enum(['win', 'draw', 'loss', 'none']),
});
export const LinkError = z.strictObject({ type: z.literal('error'), code: WireErrorCode, message: Text });

export const GatewayMessage = z.discriminatedUnion('type', [Welcome, AgentObservation, MatchEnd, LinkError]);
export type GatewayMessage = z.infer<typeof GatewayMessage>;
