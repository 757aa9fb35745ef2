import { existsSync } from 'node:fs';
import { Chess } from 'chess.js';
import { afterAll, describe, expect, it } from 'vitest';
import { chessGame } from './index.js';
import { chessResult, checkMove, playMove, playUci, type ChessState } from './rules.js';
import { SyncStockfish, stockfishPath } from './stockfish.js';

const at = (fen: string): ChessState => ({ game: new Chess(fen), captured: 0 });
const haveStockfish = existsSync(stockfishPath()) || process.env.ARENA_STOCKFISH !== undefined;
if (!haveStockfish) console.warn('chess engine tests skipped: no stockfish (Debian package stockfish)');

describe('chess rules', () => {
  it('takes square pairs and SAN, and refuses illegal moves, bad notation and a missing promotion with reasons', () => {
    const s = at('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(checkMove(s, 'e2e4')).toMatchObject({ ok: true, move: { san: 'e4' } });
    expect(checkMove(s, 'Nf3')).toMatchObject({ ok: true, move: { from: 'g1', to: 'f3' } });
    expect(checkMove(s, 'e2e5')).toMatchObject({ ok: false, reason: 'ILLEGAL' });
    expect(checkMove(s, 'Ke2')).toMatchObject({ ok: false, reason: 'ILLEGAL' });
    expect(checkMove(s, 'pawn-to-e4')).toMatchObject({ ok: false, reason: 'BAD_NOTATION' });
    expect(checkMove(at('8/4P1k1/8/8/8/8/8/4K3 w - - 0 1'), 'e7e8')).toMatchObject({ ok: false, reason: 'NO_PROMOTION' });
    expect(checkMove(at('8/4P1k1/8/8/8/8/8/4K3 w - - 0 1'), 'e7e8q')).toMatchObject({ ok: true });
  });

  it('knows checkmate, stalemate and insufficient material, and counts captured material', () => {
    expect(chessResult(at('6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1'))).toBeUndefined();
    const mated = at('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    expect(playUci(mated, 'a1a8')).toBe(true);
    expect(chessResult(mated)).toEqual({ result: 'win', reason: 'checkmate' });
    expect(chessResult(at('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'))).toEqual({ result: 'draw', reason: 'stalemate' });
    expect(chessResult(at('8/8/8/4k3/8/8/8/4K3 w - - 0 1'))).toEqual({ result: 'draw', reason: 'insufficient_material' });
    const capture = at('4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1');
    const m = checkMove(capture, 'exd5');
    if (!m.ok) throw new Error(m.detail);
    playMove(capture, m.move);
    expect(capture.captured).toBe(9);
  });
});

describe.runIf(haveStockfish)('chess through Stockfish over UCI', () => {
  const engine = haveStockfish ? new SyncStockfish() : undefined;
  afterAll(() => engine?.close());

  it('finds the mate in one, and answers nothing when the side to move is mated', () => {
    expect(engine!.bestMove('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', { depth: 3, skill: 20 })).toBe('a1a8');
    expect(engine!.bestMove('R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1', { depth: 3, skill: 20 })).toBeUndefined();
  });

  it('plays the same reply to the same position at a fixed depth', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    const first = engine!.bestMove(fen, { depth: 6, skill: 20 });
    expect(engine!.bestMove(fen, { depth: 6, skill: 20 })).toBe(first);
  });

  it('the game refuses an illegal move without a reply and answers a legal one with the engine', () => {
    const sim = chessGame.create({ seed: 1, variant: 'origin', slots: [0] });
    sim.input({ type: 'move', at: 0, slot: 0, move: 'e2e5' });
    sim.tick();
    expect(sim.drainEvents()).toMatchObject([{ name: 'invalid_move', data: { reason: 'ILLEGAL', count: 1 } }]);
    expect(sim.state().fen).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    sim.input({ type: 'move', at: 0, slot: 0, move: 'e4' });
    sim.tick();
    const [move, reply] = sim.drainEvents();
    expect(move).toMatchObject({ name: 'move', data: { uci: 'e2e4' } });
    expect(reply?.name).toBe('reply');
    expect(String(sim.state().fen).split(' ')[1]).toBe('w');
  });
});
