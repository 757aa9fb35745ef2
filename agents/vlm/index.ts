/** agents/vlm: the VLM agent for any OpenAI-compatible chat endpoint, measured decision by decision. */
export { createVlmAgent, NO_API_KEY, type VlmAgent, type VlmAgentStats } from './vlm-agent.js';
export { VlmAgentConfig, parseVlmAgentConfig, RESERVED_BODY_KEYS, type VlmAgentConfigInput } from './config.js';
export { buildVlmAgentConfig, vlmConfigInput, type VlmFlags } from './config-builder.js';
export { approxTokens, boundSkill, type SkillInfo } from './skill.js';
export { composePrompt, systemPrompt, formatTime, PLAYER_PREAMBLE, PLAIN_USER_TURN } from './prompt.js';
export type { ChatMessage, ContentPart, ComposedPrompt, CurrentTurn, HistoryTurn } from './prompt.js';
export { encodeFrameImage, type FrameImage } from './frame-image.js';
export { networkRtt, RTT_PROBES } from './network-rtt.js';
export { Semaphore, endpointSemaphore } from './semaphore.js';
export { abortReason, abortableDelay, backoffMs, retryAfterMs, MAX_BACKOFF_MS } from './backoff.js';
export { callProvider, isRetryableStatus, abortError } from './provider-call.js';
export type { ProviderCallOptions, ProviderCallResult, ProviderToolCall, ProviderUsage, StreamingBody } from './provider-call.js';
