/** agents: everything that plays: the VLM agent, the random floor, idle; scripted policies come from games/ through the registry. */
export { agentKinds, createAgent, IdleAgent, unknownAgentKind } from './registry.js';
export { RandomAgent, randomChunk } from './random-agent.js';
export {
  approxTokens,
  buildVlmAgentConfig,
  callProvider,
  type ChatMessage,
  type ContentPart,
  createVlmAgent,
  encodeFrameImage,
  endpointSemaphore,
  NO_API_KEY,
  parseVlmAgentConfig,
  PLAIN_USER_TURN,
  type ProviderCallResult,
  Semaphore,
  type StreamingBody,
  VlmAgentConfig,
  type VlmAgentConfigInput,
  vlmConfigInput,
} from './vlm/index.js';
