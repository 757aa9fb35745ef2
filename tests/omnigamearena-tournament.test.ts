/**
 * A tournament under the omnigamearena profile on a RemoteInput emulator: a build's declared variants
 * (`var1..var3` where its maps config names them) are accepted and unknown ones refused with the allowed list,
 * and the ratings read the benchmark's raw score, never a progress clamped to 1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planTournament, tournamentOptions } from '../plans/index.js';
import { tournamentCommand } from '../scripts/commands/tournament.js';
import { parseFlags } from '../scripts/cli/flags.js';
import { startFakeRemoteInput } from './support/fake-remote-input.js';
import { isError } from './support/error-match.js';
import { tempRunsDir } from './support/run-dir.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MAPS = join(import.meta.dirname, 'fixtures/omnigamearena-checkout/configs/maps.yaml');
const onBuild = (port: number, ...extra: string[]): string[] => ['--game', 'last_stand', '--agents', 'random', '--episodes', '1', '--profile', 'omnigamearena', '--env', `remote-input://127.0.0.1:${port}`, ...extra];
const plan = (argv: string[]) => planTournament(parseFlags('tournament', tournamentOptions, argv).values);

describe('arena tournament --variant under the profile on a build', () => {
  it("refuses a variant the build does not declare, listing the allowed ones, and refuses a build without its maps config", async () => {
    await expect(plan(onBuild(1, '--maps', MAPS, '--variant', 'var2'))).rejects.toSatisfy((e: unknown) => isError(e, 'UNKNOWN_VARIANT', `--variant var2: not a variant the build declares in ${MAPS}; allowed: origin, var1`));
    // Without the maps config a build under the profile is refused outright, whatever the variant.
    await expect(plan(onBuild(1, '--variant', 'var1'))).rejects.toSatisfy((e: unknown) => isError(e, 'BAD_CONFIG', 'pass --maps PATH/configs/maps.yaml'));
    await expect(plan(onBuild(1))).rejects.toSatisfy((e: unknown) => isError(e, 'BAD_CONFIG', 'pass --maps PATH/configs/maps.yaml'));
    // Our own variant names are not the build's.
    await expect(plan(onBuild(1, '--maps', MAPS, '--variant', 'ring'))).rejects.toSatisfy((e: unknown) => isError(e, 'UNKNOWN_VARIANT', 'allowed: origin, var1'));
    await expect(plan(onBuild(1, '--maps', MAPS, '--variant', 'var1'))).resolves.toMatchObject({ variant: 'var1' });
  });

  it("plays a declared held-out map and rates the benchmark's raw score", async () => {
    const build = await startFakeRemoteInput({}, 1);
    cleanups.push(() => build.close());
    const out = tempRunsDir();
    cleanups.push(out.cleanup);
    build.score = 12.5;
    const stdout: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const code = await tournamentCommand([...onBuild(build.ports[0]!, '--maps', MAPS, '--variant', 'var1'), '--steps', '1', '--obs-delay', '0', '--out', out.dir, '--quiet']);
    expect(code).toBe(0);
    const opens = build.received.filter((r) => r.line.type === 'console' && String(r.line.command).startsWith('open ')).map((r) => r.line.command);
    expect(opens).toEqual(['open /Game/Test/Stand_One']);
    const record = JSON.parse(readFileSync(join(out.dir, 'results.jsonl'), 'utf8').trim().split('\n').at(-1)!) as { players: { progress: number; score: number }[] };
    expect(record.players[0]).toMatchObject({ progress: 12.5, score: 12.5 });
    const text = stdout.join('');
    expect(text).toContain("benchmark score above is the benchmark's own score");
    // The tables name the score they show: the benchmark's, not our progress.
    expect(text).toMatch(/agent +games +benchmark score\nrandom +1 +12\.500/);
    expect(text).toMatch(/rank +agent +mean benchmark score +95% interval +games +benchmark score\n1 +random +12\.500/);
    expect(text).toContain('rating: mean benchmark score (raw, unclamped) of the agent');
    expect(text).not.toContain('progress');
    expect(readFileSync(join(out.dir, 'ratings.csv'), 'utf8').split('\n')[0]).toBe('rank,agent,rating,ci_low,ci_high,games,wins,draws,losses,mean_benchmark_score');
    expect(readFileSync(join(out.dir, 'line-ups.csv'), 'utf8').split('\n')[0]).toBe('agent0,agent1,games,wins0,draws,losses0,mean_benchmark_score0,mean_benchmark_score1');
    const standings = JSON.parse(readFileSync(join(out.dir, 'standings.json'), 'utf8')) as { measure?: string; ratings: { meanProgress: number; rating: number }[] };
    expect(standings).toMatchObject({ measure: 'benchmark', ratings: [{ meanProgress: 12.5, rating: 12.5 }] });
  }, 60_000);
});
