/**
 * Signals that stop `arena match`: SIGTERM, SIGHUP and SIGINT end the match as aborted, tell connected agents
 * `end`, and close the record, mid-match and during the wait for remote agents alike.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_LINK_VERSION } from '../protocol/index.js';
import { startArena, type ArenaProcess } from './support/arena-process.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
const procs: ArenaProcess[] = [];
const clients: RawClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.ws.terminate();
  for (const p of procs.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  runs?.cleanup();
});

/** Resolves with the first match of `pattern` in the process's stderr. */
function stderrMatch(p: ArenaProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (d: Buffer | string): void => {
      text += String(d);
      const m = pattern.exec(text);
      if (m) {
        p.child.stderr?.off('data', onData);
        resolve(m);
      }
    };
    p.child.stderr?.on('data', onData);
  });
}

function remoteMatch(): { proc: ArenaProcess; dir: Promise<string>; seat: Promise<{ url: string; token: string }> } {
  runs = tempRunsDir();
  const proc = startArena(['match', '--game', 'last_stand', '--agents', 'remote', '--runs-dir', runs.dir, '--quiet', '--obs-delay', '0']);
  procs.push(proc);
  const dir = stderrMatch(proc, /run \S+ -> (\S+)\n/).then((m) => m[1]!);
  const seat = stderrMatch(proc, /url (\S+) token ([0-9a-f]+)\n/).then((m) => ({ url: m[1]!, token: m[2]! }));
  return { proc, dir, seat };
}

const runJson = (dir: string): { status: string; failure?: { code: string; class: string }; result?: { episode: string } } => JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as never;

describe('arena match: stop signals', () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`ends a match as aborted on ${signal}, sends end to the agent and closes the record`, async () => {
      const { proc, dir, seat } = remoteMatch();
      const { url, token } = await seat;
      const agent = await rawClient(url);
      clients.push(agent);
      agent.send({ type: 'hello', version: AGENT_LINK_VERSION, token, agent: 'signal-test' });
      await agent.next((m) => m.type === 'welcome');
      const first = await agent.next((m) => m.type === 'observation');
      agent.send({ type: 'action', step: first.step, answer: '{"look":[0,0],"steps":[[],[],[]]}' });
      await agent.next((m) => m.type === 'observation' && m.step === 1);
      proc.child.kill(signal);
      const end = await agent.next((m) => m.type === 'end');
      expect(end.reason).toBe('ABORTED');
      const exit = await proc.exited;
      expect(exit.code).toBe(1);
      const meta = runJson(await dir);
      expect(meta.status).toBe('incomplete');
      expect(meta.failure).toMatchObject({ code: 'ABORTED', class: 'aborted' });
      expect(meta.result?.episode).toBe('incomplete');
    });
  }

  it('ends the wait for a remote agent on SIGINT, closing the record', async () => {
    const { proc, dir, seat } = remoteMatch();
    await seat;
    proc.child.kill('SIGINT');
    const exit = await proc.exited;
    expect(exit.code).toBe(1);
    const meta = runJson(await dir);
    expect(meta.status).toBe('incomplete');
    expect(meta.failure?.code).toBe('ABORTED');
  });
});
