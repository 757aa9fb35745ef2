/** boards: the LVLM-Playground tasks on the six boards: Perceiving, QA, Rule Following and End-to-End, with random baselines. */
export { OFFLINE_TASKS } from './task-prompt.js';
export { tasksOf } from './samples.js';
export { agentAnswerer, randomAnswerer } from './answerers.js';
export { runOffline } from './offline.js';
export { runE2e, type E2eResult } from './e2e.js';
export { createRandomMoveAgent } from './random-move-agent.js';
