/** board-kit: what every turn-based board shares: the turn simulation, cell notation, grid drawing, task hooks. */
export * from './turn-rules.js';
export * from './cells.js';
export * from './grid-view.js';
export * from './task-kit.js';
export { BoardSimulation, MAX_INVALID_MOVES, BOARD_TICK_MS } from './board-simulation.js';
export { defineBoard } from './define-board.js';
export { THEMES, type ThemeName } from './themes.js';
export { createBoardPolicy } from './policy.js';
export * from './shapes.js';
export * from './shape-questions.js';
