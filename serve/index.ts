/** serve: `arena serve`'s HTTP JSON API, AgentLink on the same port, spectator streams and the web app's files. */
export { MAX_BODY_BYTES } from './http-util.js';
export { type JobKind, JobKinds, type JobOutcome } from './job-kinds.js';
export { ArenaService, isLoopback } from './service.js';
export { serviceJobDir } from './jobs.js';
export { SPECTATOR_HIGH_WATER, SpectatorHub } from './spectator-hub.js';
