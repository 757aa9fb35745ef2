/** chess: white against Stockfish over UCI. */
export { chessGame, chessRules } from './game.js';
export { chessTasks } from './tasks.js';
export { SyncStockfish, stockfishPath, engineOptions, type EngineOptions } from './stockfish.js';
export { VARIANTS as CHESS_VARIANTS } from './variants.js';
