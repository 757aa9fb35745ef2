/** protocol: wire schemas, codec, error and close codes, and the agent contract. The leaf layer. */
export * from './errors.js';
export * from './limits.js';
export * from './controls.js';
export * from './game-link.js';
export * from './codec.js';
export * from './socket.js';
export * from './socket-guard.js';
export * from './latest-sender.js';
export * from './action-chunk.js';
export * from './move-answer.js';
export type * from './agent.js';
export * from './launch.js';
export * from './prng.js';
export * from './agent-link.js';
export * from './remote-input.js';
export * from './parse-config.js';
export type * from './spectator-stream.js';
