/** sweeps: evaluation sweeps from one spec, and the work layer every batch (sweeps, tournaments) runs through. */
export * from './spec/sweep-spec.js';
export * from './spec/read-spec.js';
export * from './spec/cells.js';
export * from './spec/check-agents.js';
export * from './work/episode-job.js';
export * from './work/work-backend.js';
export * from './work/run-episode.js';
export * from './work/embedded-backend.js';
export * from './work/redis/redis-names.js';
export * from './work/redis/redis-backend.js';
export * from './work/redis/fleet-worker.js';
export * from './work/redis/worker-registry.js';
export * from './limits/endpoint-limiter.js';
export * from './limits/redis-limiter.js';
export * from './store/results-store.js';
export * from './run-sweep.js';
