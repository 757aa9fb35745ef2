/** gateway: matches, the clock, run records. */
export * from './chunk-compiler.js';
export * from './clock/clock-mode.js';
export * from './clock/latency.js';
export * from './clock/timeline.js';
export * from './match/match-spec.js';
export * from './match/match-observer.js';
export * from './match/run-match.js';
export * from './records/run-recorder.js';
export * from './records/replay.js';
export * from './agent-link/remote-agent.js';
export * from './agent-link/agent-link-server.js';
export * from './clock/ledger-summary.js';
export * from './records/run-record-schema.js';
export * from './records/run-record-read.js';
export * from './records/conditions.js';
export * from './records/frame-digest.js';
export * from './records/resimulate.js';
