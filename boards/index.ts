/** boards: the LVLM-Playground tasks on the six boards: Perceiving, QA, Rule Following and End-to-End, with random baselines. */
export { OFFLINE_TASKS, taskPrompt, type OfflineTask } from './task-prompt.js';
export { makeSamples, tasksOf, type Sample } from './samples.js';
export { parseMatrix, cellAccuracy, type MatrixParse } from './matrix.js';
export { toChoice, readLetter, LETTERS, type Choice } from './choice.js';
export { agentAnswerer, randomAnswerer, type Answerer } from './answerers.js';
export { runOffline, scoreAnswer, type OfflineResult, type SampleResult } from './offline.js';
export { runE2e, type E2eGame, type E2eOptions, type E2eResult } from './e2e.js';
export { createRandomMoveAgent } from './random-move-agent.js';
