import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../protocol/index.js';
import { tournamentCommand } from '../scripts/commands/tournament.js';

const dir = mkdtempSync(join(tmpdir(), 'arena-tournament-'));
const out = join(dir, 'out');
const runs = join(dir, 'runs');
/** Two quick agents on a 20 s duel, two episodes of each side order. */
const args = (timeLimitS = 20): string[] => ['--game', 'sky_duel', '--agents', 'scripted,random', '--episodes', '2', '--time-limit', String(timeLimitS), '--parallel', '2', '--out', out, '--runs-dir', runs, '--quiet'];
const ARGS = args();

/** Runs the command in-process, capturing what it writes. */
async function tournament(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const outSpy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    const code = await tournamentCommand([...args]);
    return { code, stdout, stderr };
  } finally {
    outSpy.mockRestore();
    errSpy.mockRestore();
  }
}

const lines = (path: string): string[] => readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);

interface StandingsJson {
  ratings: { agent: string; rating: number; lo: number; hi: number; games: number }[];
  lineUps: { agents: string[]; games: number; wins: number; losses: number }[];
}

describe('arena tournament', () => {
  let first: Awaited<ReturnType<typeof tournament>>;

  beforeAll(async () => {
    first = await tournament(ARGS);
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plays every ordered pair for every episode and records each match once', () => {
    expect(first.code).toBe(0);
    const keys = lines(join(out, 'results.jsonl')).map((l) => (JSON.parse(l) as { key: string }).key);
    expect(keys.sort()).toEqual(['random vs scripted#0#1', 'random vs scripted#1#2', 'scripted vs random#0#1', 'scripted vs random#1#2']);
  });

  it('prints a table row per line-up with its win/draw/loss record and mean progress', () => {
    expect(first.stdout).toMatch(/^scripted vs random\s+2\s+\d-\d-\d\s+\d\.\d{3}\s+\d\.\d{3}$/m);
    expect(first.stdout).toMatch(/^random vs scripted\s+2\s+\d-\d-\d\s+\d\.\d{3}\s+\d\.\d{3}$/m);
  });

  it('rates the scripted policy above the random player, each with an interval around its rating', () => {
    const standings = JSON.parse(readFileSync(join(out, 'standings.json'), 'utf8')) as StandingsJson;
    const [top, bottom] = standings.ratings;
    expect([top?.agent, bottom?.agent]).toEqual(['scripted', 'random']);
    expect(top!.rating).toBeGreaterThan(bottom!.rating + 100);
    for (const r of standings.ratings) expect(r.lo <= r.rating && r.rating <= r.hi && r.games === 4).toBe(true);
  });

  it('writes the tables as CSV', () => {
    expect(lines(join(out, 'ratings.csv'))[0]).toBe('rank,agent,rating,ci_low,ci_high,games,wins,draws,losses,mean_progress');
    expect(lines(join(out, 'ratings.csv'))[1]).toMatch(/^1,scripted,/);
    expect(lines(join(out, 'line-ups.csv'))).toHaveLength(3);
  });

  it('plays no match again when rerun with the same out dir', async () => {
    const before = readdirSync(runs).length;
    const again = await tournament(ARGS);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('4 matches, 0 to play');
    expect(readdirSync(runs)).toHaveLength(before);
    expect(lines(join(out, 'results.jsonl'))).toHaveLength(4);
    expect(again.stdout).toBe(first.stdout);
  });

  it('plays only the match missing from results.jsonl, whatever a torn last line holds', async () => {
    const log = join(out, 'results.jsonl');
    const kept = lines(log).filter((l) => !l.includes('"random vs scripted#1#2"'));
    writeFileSync(log, `${kept.join('\n')}\n{"key":"random vs scr`);
    const again = await tournament(ARGS);
    expect(again.stderr).toContain('4 matches, 1 to play');
    expect(lines(log).filter((l) => l.includes('"random vs scripted#1#2"') && l.startsWith('{"key"'))).toHaveLength(1);
  }, 60_000);

  it('refuses an out dir that holds another setup', async () => {
    await expect(tournament(args(30))).rejects.toMatchObject({ code: ErrorCode.BAD_CONFIG });
  });

  it('refuses a label given twice', async () => {
    await expect(tournament(['--game', 'sky_duel', '--agents', 'random,random', '--episodes', '1', '--out', join(dir, 'other')])).rejects.toMatchObject({ code: ErrorCode.BAD_CONFIG });
  });
});
