/** sweeps: evaluation sweeps from one spec, and the work layer every batch (sweeps, tournaments) runs through. */
export { AgentItem, EndpointLimits, GameItem, MatchSettings, SweepSpec } from './spec/sweep-spec.js';
export { parseSpecText, readSpecFile, specError, type SpecIssue, type SpecSource } from './spec/read-spec.js';
export { canonical, DEFAULT_POOL, digest, expandSpec, specJobs } from './spec/cells.js';
export { checkAgents } from './spec/check-agents.js';
export { EpisodeJob, EpisodeOutcome, JobAgent, OutcomePlayer, RETRYABLE_CLASSES } from './work/episode-job.js';
export { runOne, runPool, type WorkBackend, type WorkItem, type WorkSignals, type WorkSink } from './work/work-backend.js';
export { type AgentFactory, type EpisodeDeps, matchSpecOf, runEpisode } from './work/run-episode.js';
export { EmbeddedBackend, type EmbeddedOptions } from './work/embedded-backend.js';
export { filesKey, limitKeys, parseRedisUrl, poolQueue, type RedisConnection, resultsQueue, workerKey } from './work/redis/redis-names.js';
export { RedisBackend, type RedisBackendOptions } from './work/redis/redis-backend.js';
export { type FleetWorker, type FleetWorkerOptions, startFleetWorker } from './work/redis/fleet-worker.js';
export { defaultWorkerName, listWorkers, startHeartbeat, WorkerInfo } from './work/redis/worker-registry.js';
export { type EndpointLimiter, LimitedAgent, LocalLimiter, wait } from './limits/endpoint-limiter.js';
export { RedisLimiter } from './limits/redis-limiter.js';
export { ResultsStore, STORE_FILE, type StoredEpisode } from './store/results-store.js';
export { type BatchOptions, type BatchProgress, type BatchSummary, plan, runBatch, SPEND_KEY, type TokenSpend } from './run-sweep.js';
export { type CellRow, type DiffRow, type ModelRow, type SweepTables, sweepTables } from './report/aggregate.js';
export { isSweepDir, readSweepTables, spendLine, writeSweepReport } from './report/write-report.js';
