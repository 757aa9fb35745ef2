/** agents: everything that plays: scripted policies, the random floor, VLM agents. */
export * from './registry.js';
export * from './random-agent.js';
export * from './scripted/index.js';
export * from './vlm/index.js';
