/** agents: everything that plays: the VLM agent, the random floor, idle; scripted policies come from games/ through the registry. */
export * from './registry.js';
export * from './random-agent.js';
export * from './vlm/index.js';
