/** protocol: wire schemas, codec, error and close codes, and the agent contract. The leaf layer. */
export { ArenaError, CloseCode, closeCodeFor, ErrorCode, hasCode, toArenaError } from './errors.js';
export { Limits } from './limits.js';
export { BUTTON_TOKENS, type ButtonToken, ControlSet, InputEvent, InputSchedule, MouseAxis, MouseButton } from './controls.js';
export {
  Advance,
  Bye,
  Capabilities,
  ClientHello,
  ClientMessage,
  Done,
  EpisodeEnd,
  Frame,
  FrameEncoding,
  GAME_LINK_VERSION,
  GameBye,
  GameError,
  GameEvent,
  GameHello,
  GameMessage,
  Input,
  Observe,
  Outcome,
  Pause,
  PlayerProgress,
  Progress,
  Reset,
  Resume,
  SlotInfo,
  State,
} from './game-link.js';
export { decodeMessage, encodeMessage, type MessageSchema, messageSchema } from './codec.js';
export { closeWithError, messageBytes, sendMessage } from './socket.js';
export {
  ACTION_END,
  ACTION_START,
  type ActionChunk,
  allControls,
  type ChunkParse,
  formatChunk,
  type InvalidReason,
  noopChunk,
  parseAnswer,
} from './action-chunk.js';
export type { Agent, AgentStart, Decision, DecisionTimings, DecisionUsage, EpisodeSummary, Observation } from './agent.js';
export { READY_PREFIX } from './launch.js';
export { Prng } from './prng.js';
export {
  AGENT_LINK_VERSION,
  AgentAction,
  AgentBye,
  AgentHello,
  AgentMessage,
  AgentObservation,
  GatewayMessage,
  LinkError,
  MatchEnd,
  Welcome,
} from './agent-link.js';
export { FIRE_AND_FORGET, RemoteInputCommand, RemoteInputExtension } from './remote-input.js';
