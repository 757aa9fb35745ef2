/**
 * The record under a stalled disk: parallel pdq matches of an instant agent on the pump game, each with its
 * first decision frame's file a named pipe that nobody reads for `stallMs` of wall time (a disk that stops),
 * against the same matches with nothing stalled, in this process. The record applies backpressure: every
 * decision line and frame must be in the record (dropped: 0) and the result equal to the unstalled one; the
 * cost is the time the matches waited, which run.json's `recorder` reports.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdleAgent } from '../../agents/index.js';
import { pumpMatch } from './pump-match.js';

export interface RecordStallResult {
  readonly matches: number;
  readonly decisions: number;
  readonly stallMs: number;
  /** Decision lines and frames missing from the stalled runs' records, over all matches (goal 0). */
  readonly linesDropped: number;
  readonly framesDropped: number;
  /** Stalled runs whose result (game time, decisions) differs from the unstalled one's (goal 0). */
  readonly resultsDiffering: number;
  /** Wall time of the parallel matches, stalled and not, ms. */
  readonly stalledWallMs: number;
  readonly freeWallMs: number;
  /** The longest any stalled match waited for its record, and the deepest its queue of frames went. */
  readonly waitedMs: number;
  readonly deepestFrames: number;
}

interface Played {
  readonly simMs: number;
  readonly decisions: number;
  readonly lines: number;
  readonly frames: number;
  readonly waitedMs: number;
  readonly deepestFrames: number;
}

async function play(runsDir: string, runId: string, decisions: number, width: number, height: number): Promise<Played> {
  const { result } = await pumpMatch({ width, height, decisions, agent: new IdleAgent(), runsDir, runId });
  const dir = join(runsDir, runId);
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { recorder: { waitedMs: number; deepestFrames: number } };
  return {
    simMs: result.simMs,
    decisions: result.players[0]!.decisions,
    lines: readFileSync(join(dir, 'decisions.jsonl'), 'utf8').split('\n').filter(Boolean).length,
    frames: readdirSync(join(dir, 'frames')).filter((f) => f.endsWith('.png')).length,
    waitedMs: run.recorder.waitedMs,
    deepestFrames: run.recorder.deepestFrames,
  };
}

/** Makes `dir`'s first frame a pipe; resolves once `stallMs` later the pipe was read and its frame put back. */
function stall(dir: string, stallMs: number): Promise<void> {
  const pipe = join(dir, 'frames', '0000-s0.ppm');
  mkdirSync(join(dir, 'frames'), { recursive: true });
  execFileSync('mkfifo', [pipe]);
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      renameSync(pipe, `${pipe}.pipe`);
      // Read by a child process: the stalled writes hold this process's thread-pool threads (4 matches, 4 threads).
      execFile('sh', ['-c', 'cat "$0" > "$1.tmp" && mv "$1.tmp" "$1" && rm "$0"', `${pipe}.pipe`, pipe], (err) => (err ? reject(new Error(`the stalled pipe was not read: ${err.message}`)) : resolve()));
    }, stallMs);
  });
}

export async function benchRecordStall(matches = 4, decisions = 200, stallMs = 2000, width = 640, height = 360): Promise<RecordStallResult> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-stall-'));
  try {
    const t0 = performance.now();
    const free = await Promise.all(Array.from({ length: matches }, (_, i) => play(runsDir, `free-${i}`, decisions, width, height)));
    const freeWallMs = performance.now() - t0;
    const t1 = performance.now();
    const stalled = await Promise.all(
      Array.from({ length: matches }, async (_, i) => {
        const unstalled = stall(join(runsDir, `stalled-${i}`), stallMs);
        const played = await play(runsDir, `stalled-${i}`, decisions, width, height);
        await unstalled;
        return played;
      }),
    );
    const stalledWallMs = performance.now() - t1;
    return {
      matches,
      decisions,
      stallMs,
      linesDropped: stalled.reduce((n, p) => n + (p.decisions - p.lines), 0),
      framesDropped: stalled.reduce((n, p) => n + (p.decisions - p.frames), 0),
      resultsDiffering: stalled.filter((p, i) => p.simMs !== free[i]!.simMs || p.decisions !== free[i]!.decisions).length,
      stalledWallMs,
      freeWallMs,
      waitedMs: Math.max(...stalled.map((p) => p.waitedMs)),
      deepestFrames: Math.max(...stalled.map((p) => p.deepestFrames)),
    };
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
}
