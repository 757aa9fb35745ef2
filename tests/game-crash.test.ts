import { createConnection } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchGame, type GameEndpoint } from '../env-bridge/index.js';
import { runMatch } from '../gateway/index.js';
import type { GameEntry } from '../games-manifest/index.js';
import { hasCode } from '../protocol/index.js';
import { probeEntry } from './support/probe-game.js';
import { readRun, tempRunsDir } from './support/run-dir.js';
import { holdChunk, ScriptAgent } from './support/test-agents.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(() => runs.cleanup());

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('a game process that dies or hangs', () => {
  it('ends the match with GAME_CRASHED when the game is killed mid-match, keeps the record and leaves nothing behind', async () => {
    let endpoint: GameEndpoint | undefined;
    const agent = new ScriptAgent((o) => {
      if (o.step === 3) process.kill(endpoint!.process!.child.pid!, 'SIGKILL');
      return { chunk: holdChunk('W', 2) };
    });
    const result = await runMatch({
      game: 'probe',
      entry: probeEntry,
      runsDir: runs.dir,
      clock: 'pdq',
      observationDelayMs: 0,
      slots: [{ slot: 0, agent }],
      launch: async (e) => (endpoint = await launchGame(e, { privileged: true })),
    });
    expect(result.status).toBe('incomplete');
    expect(result.error?.code).toBe('GAME_CRASHED');
    const run = readRun(result.dir);
    expect(run.meta.status).toBe('incomplete');
    expect(run.meta.failure).toMatchObject({ code: 'GAME_CRASHED', class: 'infrastructure' });
    expect(run.decisions.length).toBeGreaterThanOrEqual(3);
    expect(agent.closed).toBe(true);
    expect(processAlive(endpoint!.process!.child.pid!)).toBe(false);
    expect(await portOpen(endpoint!.process!.port)).toBe(false);
  });

  it('ends the match with GAME_TIMEOUT when the game stops answering, and kills it', async () => {
    let endpoint: GameEndpoint | undefined;
    const agent = new ScriptAgent((o) => {
      if (o.step === 1) process.kill(endpoint!.process!.child.pid!, 'SIGSTOP');
      return { chunk: holdChunk('W', 2) };
    });
    const result = await runMatch({
      game: 'probe',
      entry: probeEntry,
      runsDir: runs.dir,
      clock: 'pdq',
      slots: [{ slot: 0, agent }],
      launch: async (e) => (endpoint = await launchGame(e, { privileged: true, requestTimeoutMs: 500 })),
    });
    expect(result.error?.code).toBe('GAME_TIMEOUT');
    expect(readRun(result.dir).meta.status).toBe('incomplete');
    expect(processAlive(endpoint!.process!.child.pid!)).toBe(false);
  });

  it('fails the launch with GAME_CRASHED and the game\'s stderr when the process exits before it is ready', async () => {
    const entry: GameEntry = { ...probeEntry, launch: { kind: 'command', command: process.execPath, args: ['-e', 'console.error("no GPU found"); process.exit(2)'] } };
    const err = await launchGame(entry, { privileged: false }).catch((e: unknown) => e);
    expect(hasCode(err, 'GAME_CRASHED')).toBe(true);
    expect((err as Error).message).toContain('no GPU found');
  });

  it('fails the launch with GAME_TIMEOUT when the process never gets ready', async () => {
    const entry: GameEntry = { ...probeEntry, launch: { kind: 'command', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] } };
    const err = await launchGame(entry, { privileged: false, startTimeoutMs: 300 }).catch((e: unknown) => e);
    expect(hasCode(err, 'GAME_TIMEOUT')).toBe(true);
  });

  it('fails the launch with GAME_CRASHED for a command that does not exist', async () => {
    const entry: GameEntry = { ...probeEntry, launch: { kind: 'command', command: '/nonexistent/game-binary', args: [] } };
    const err = await launchGame(entry, { privileged: false }).catch((e: unknown) => e);
    expect(hasCode(err, 'GAME_CRASHED')).toBe(true);
  });
});
