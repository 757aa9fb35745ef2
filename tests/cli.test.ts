import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider } from './support/fake-provider.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(() => runs.cleanup());

function arena(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['bin/arena.js', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const runDirOf = (stdout: string): string => stdout.trim().split(' | ').pop()!;

describe('arena match', () => {
  it('plays a last_stand episode and prints one result line naming the record', async () => {
    const r = await arena(['match', '--steps', '4', '--runs-dir', runs.dir, '--quiet']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toMatch(/^last_stand\/origin seed 1 pdq: scripted \(slot 0\): progress .* \| ended: decision budget used up \|/);
    const run = readRun(runDirOf(r.stdout));
    expect(run.meta.status).toBe('complete');
    expect(run.decisions).toHaveLength(4);
    expect(existsSync(join(runDirOf(r.stdout), 'replay.jpg'))).toBe(true);
  });

  it('runs the example config files as written', async () => {
    for (const file of ['examples/match-pdq.json', 'examples/match-lcrt.json']) {
      const r = await arena(['match', '--config', file, '--steps', '3', '--runs-dir', runs.dir, '--quiet']);
      expect(r.code, `${file}: ${r.stderr}`).toBe(0);
    }
  });

  it('runs the VLM example config against an OpenAI-compatible endpoint', async () => {
    const provider = await startFakeProvider();
    try {
      provider.script({ text: 'Forward. <|action_start|>0 0 0 ; W ; W <|action_end|>' }, { text: '<|action_start|>15 0 0 ; A <|action_end|>' });
      const r = await arena(['match', '--config', 'examples/match-vlm.json', '--base-url', provider.url, '--steps', '2', '--runs-dir', runs.dir, '--quiet'], { VLM_API_KEY: 'test-key' });
      expect(r.code, r.stderr).toBe(0);
      const run = readRun(runDirOf(r.stdout));
      expect(run.decisions.map((d) => d.status)).toEqual(['valid', 'valid']);
      expect(run.decisions[0]!.latencySource).toBe('ttfb');
    } finally {
      await provider.close();
    }
  });

  it('exits 1 when the provider dies mid-match, so a script can tell the failed episode from a result', async () => {
    const provider = await startFakeProvider();
    try {
      // One answer, then every attempt fails (the example retries twice): the decision ends the episode.
      provider.script({}, ...Array.from({ length: 30 }, () => ({ status: 500 })));
      const r = await arena(['match', '--config', 'examples/match-vlm.json', '--base-url', provider.url, '--steps', '6', '--runs-dir', runs.dir, '--quiet'], { VLM_API_KEY: 'test-key' });
      expect(r.code, r.stderr).toBe(1);
      expect(readRun(runDirOf(r.stdout)).meta).toMatchObject({ status: 'incomplete', failure: { code: 'PROVIDER_ERROR', class: 'infrastructure' } });
    } finally {
      await provider.close();
    }
  });

  it('prints a progress bar on stderr unless --quiet', async () => {
    const r = await arena(['match', '--steps', '2', '--runs-dir', runs.dir]);
    expect(r.stderr).toMatch(/last_stand pdq \[#+\.*\] +\d+%/);
  });

  it('plays both side orders with --swap', async () => {
    const r = await arena(['match', '--game', 'sky_duel', '--agents', 'scripted,random', '--swap', '--steps', '2', '--runs-dir', runs.dir, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/scripted \(slot 0\): .* random \(slot 1\):/);
    expect(lines[1]).toMatch(/random \(slot 0\): .* scripted \(slot 1\):/);
  });

  const bad: [string[], string][] = [
    [['--swap'], 'BAD_CONFIG'],
    [['--game', 'checkers'], 'UNKNOWN_GAME'],
    [['--variant', 'moon'], 'UNKNOWN_VARIANT'],
    [['--agent', 'oracle'], 'UNKNOWN_AGENT'],
    [['--clock', 'slow'], 'BAD_CONFIG'],
    [['--latency', 'fast'], 'BAD_CONFIG'],
    [['--agents', 'random,random'], 'BAD_CONFIG'],
    [['--config', 'no-such-file.json'], 'BAD_CONFIG'],
    [['--seed', 'x'], 'BAD_CONFIG'],
  ];
  for (const [args, code] of bad) {
    it(`refuses ${args.join(' ')} with ${code}`, async () => {
      const r = await arena(['match', ...args, '--runs-dir', runs.dir, '--quiet']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`arena: ${code}:`);
    });
  }
});

describe('arena games, agents, report', () => {
  it('lists last_stand with its controls and variants', async () => {
    const r = await arena(['games']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/last_stand +\(solo, third-person, 1 player\)/);
    expect(r.stdout).toContain('short_fuse (held out)');
  });

  it('lists the agent kinds', async () => {
    const r = await arena(['agents']);
    expect(r.stdout).toMatch(/^scripted/m);
    expect(r.stdout).toMatch(/^vlm/m);
  });

  it('summarises a run with its clock ledger', async () => {
    const m = await arena(['match', '--clock', 'lcrt', '--latency', 'synthetic:250', '--steps', '3', '--runs-dir', runs.dir, '--quiet']);
    const r = await arena(['report', runDirOf(m.stdout)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/thinking \d+\.\d s wall \(mean \d+ ms\), charged 0\.8 s \(mean 250 ms\)/);
    const meta = JSON.parse(readFileSync(join(runDirOf(m.stdout), 'run.json'), 'utf8')) as { clockSummary: { slots: { decisions: number }[] } };
    expect(meta.clockSummary.slots[0]!.decisions).toBe(3);
  });

  it('refuses an unknown command with BAD_CONFIG', async () => {
    const r = await arena(['fly']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('BAD_CONFIG');
  });
});
