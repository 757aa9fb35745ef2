/** sweeps: evaluation sweeps from one spec, and the work layer every batch (sweeps, tournaments) runs through. */

export { parseSpecText, readSpecFile } from './spec/read-spec.js';
export { digest } from './spec/cells.js';
export { type EndpointLimits } from './spec/sweep-spec.js';
export { checkedJobs } from './spec/check-agents.js';
export { EpisodeJob, EpisodeOutcome } from './work/episode-job.js';
export { runOne, type WorkBackend } from './work/work-backend.js';
export { type AgentFactory, type EpisodeResolver, matchSpecOf, runEpisode } from './work/run-episode.js';
export { EmbeddedBackend } from './work/embedded-backend.js';
export { parseRedisUrl } from './work/redis/redis-names.js';
export { RedisBackend } from './work/redis/redis-backend.js';
export { type Placement } from './work/placement/placement.js';
export { type SimJob, type SimResult, type SimWorker, simulateFleet } from './work/placement/simulate-fleet.js';
export { type SlotBuild, startFleetWorker } from './work/redis/fleet-worker.js';
export { defaultWorkerName, listWorkers } from './work/redis/worker-registry.js';
export { LocalLimiter } from './limits/endpoint-limiter.js';
export { ResultsStore, STORE_FILE } from './store/results-store.js';
export { runBatch } from './run-sweep.js';
export { type SweepTables } from './report/aggregate.js';
export { diffCi } from './report/stats.js';
export { isSweepDir, readSweepTables, spendLine, writeSweepReport } from './report/write-report.js';
export { sweepTableDocs } from './report/format-tables.js';
