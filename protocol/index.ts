/** protocol: wire schemas, codec, error and close codes, the agent contract, and the table formatter every page and report shares. The leaf layer. */
export { ArenaError, CloseCode, closeCodeFor, ErrorCode, hasCode, isContextOverflow, toArenaError, usage } from './errors.js';
export { WireErrorCode } from './wire-error-code.js';
export { checkFrameFits, frameMessageBytes, Limits } from './limits.js';
export {
  axisRange,
  BUTTON_TOKENS,
  type ButtonToken,
  canonicalControl,
  controlKey,
  ControlSet,
  GamepadAxis,
  gamepadAxis,
  InputEvent,
  InputSchedule,
  MAX_MOVE_LENGTH,
  MouseAxis,
  MouseButton,
  wireButtons,
} from './controls.js';
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
  LinkFrames,
  Observe,
  Outcome,
  Pause,
  PlayerProgress,
  Progress,
  Reset,
  Resume,
  SlotInfo,
  State,
  Tracked,
  TrackedValue,
} from './game-link.js';
export { MAX_DECODE_PIXELS, checkImageBytes, checkImageHeader, type ImageFormat, type ImageSize } from './image-header.js';
export { DEFAULT_THRESHOLDS, STALE_VERDICTS, assessFrame, type FrameIntegrity, type FrameVerdict, type IntegrityThresholds, type SeenFrame } from './frame-integrity/assess.js';
export { HASH_GRID, blockHash, decodedBlockHash, hashDistance, type HashableFrame } from './frame-integrity/block-hash.js';
export { IntegrityTally, type IntegrityCounts } from './frame-integrity/integrity-counts.js';
export { decodeMessage, encodeMessage, encodeMessageParts, type LinkMessage, type MessageSchema, messageSchema, TAIL_MIN_BYTES } from './codec.js';
export { closeWithError, messageBytes, sendMessage } from './socket.js';
export { DEFAULT_HELLO_TIMEOUT_MS, guardServerSocket, refuseSocket, refuseUpgrade, type SocketGuard } from './socket-guard.js';
export { LatestSender } from './latest-sender.js';
export { sameToken } from './link-token.js';
export { heartbeat } from './heartbeat.js';
export {
  ACTION_END,
  ACTION_START,
  type ActionChunk,
  allControls,
  checkChunk,
  type ChunkParse,
  formatChunk,
  type InvalidReason,
  noopChunk,
  parseAnswer,
} from './action-chunk.js';
export { type MoveParse, parseMoveAnswer } from './move-answer.js';
export { axisTokens, declaredAxes, type StepAxes } from './chunk-axes.js';
export type { Agent, AgentStart, Decision, DecisionTimings, DecisionUsage, HttpTimings, EpisodeSummary, JpegProfile, Observation } from './agent.js';
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
export {
  encodeRemoteInputLine,
  FIRE_AND_FORGET,
  isControlReply,
  isGameOverPush,
  parseRemoteInputLine,
  RemoteInputCommand,
  RemoteInputExtension,
  RemoteInputGameOverCheck,
  type RemoteInputLine,
  RemoteInputScoreReply,
  RemoteInputScreenshotHeader,
  RemoteInputStateReply,
  RemoteInputWelcome,
} from './remote-input.js';
export { formatIssues, issueDetails, parseConfig, parseJsonText, readConfigFile, readJsonFile } from './parse-config.js';
export type { RunSummary, SpectatorFrameHeader } from './spectator-stream.js';
export { orList } from './word-list.js';
export { fitSize } from './frame-size.js';
export { columnFor, columnHeader, EMPTY_CELL, formatCell, formatDate, formatDuration, formatInterval, formatNumber, formatRows, inferTable, shortId, textTable, withoutEmptyColumns } from './table-format.js';
export type { CellKind, CellValue, FormattedCell, IntervalValue, TableColumn, TableDoc } from './table-format.js';
export { didYouMean } from './suggest.js';
export { num, parseFlags, type FlagTable, type FlagValues } from './flag-table.js';
export { niceStep, niceTicks, tickLabel } from './axis-ticks.js';
