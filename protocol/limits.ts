/** Size limits shared by both links. Every limit has a test that exceeds it. */
export const Limits = {
  /** Largest WebSocket message, bytes: a 1920x1080 RGB frame plus headroom. */
  maxMessageBytes: 8 * 1024 * 1024,
  /** Largest message from an agent (actions carry no frames), bytes. */
  maxAgentMessageBytes: 256 * 1024,
  /** Largest frame side, pixels. */
  maxFrameSide: 4096,
  /** Longest short string (ids, names, keys, codes). */
  maxNameLength: 128,
  /** Longest free text (messages, prompts, answers). */
  maxTextLength: 64 * 1024,
  /** Most timed input events in one advance. */
  maxInputEvents: 4096,
  /** Most player slots in one game. */
  maxSlots: 16,
  /** Longest single advance, ms of game time. */
  maxAdvanceMs: 10 * 60 * 1000,
  /** Most keys or buttons in a control set. */
  maxControls: 64,
  /** Most entries in a generic array field (events, variants, steps). */
  maxArrayLength: 4096,
  /** Largest privileged state snapshot, bytes once encoded. */
  maxStateBytes: 1024 * 1024,
} as const;
