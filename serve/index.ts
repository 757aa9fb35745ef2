/** serve: `arena serve`'s HTTP JSON API, AgentLink on the same port, spectator streams and the web app's files. */
export * from './access.js';
export * from './http-util.js';
export * from './job-kinds.js';
export * from './job-store.js';
export * from './jobs.js';
export * from './runs-browser.js';
export * from './service.js';
export * from './spectator-hub.js';
export * from './spectator-profile.js';
