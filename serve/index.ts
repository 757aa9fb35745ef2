/** serve: `arena serve`'s HTTP JSON API, AgentLink on the same port, spectator streams and the web app's files. */
export { Access, type Need, presentedToken, type Refusal } from './access.js';
export { MAX_BODY_BYTES, readJson, sendError, sendJson, statusOf } from './http-util.js';
export { type JobContext, type JobKind, JobKinds, type JobOutcome, type PrepareContext, type PreparedJob } from './job-kinds.js';
export { JobRecord, JobStatus, JobStore } from './job-store.js';
export { Jobs } from './jobs.js';
export { jobOfRun, listRuns, readLines, readRunRecord, RUN_FILTER_FIELDS, runDir, runFile, type RunFilter, type RunRoots } from './runs-browser.js';
export { ArenaService, isLoopback, type ServiceOptions } from './service.js';
export { type HubStats, SPECTATOR_HIGH_WATER, SpectatorHub } from './spectator-hub.js';
export { type FrameHeader, packFrame, profileFromQuery, profileKey, SpectatorProfile, unpackFrame } from './spectator-profile.js';
