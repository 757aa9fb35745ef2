/**
 * The command line as people expect it, for every command in the command table (a new command is covered
 * without touching this file): `--help` exits 0 and names every flag, an unknown flag is BAD_CONFIG with a
 * suggestion, a malformed number is BAD_CONFIG; bad flags exit 2, never 70; `arena help` lists every command and
 * the exit codes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, helpOf } from '../scripts/cli/command-table.js';
import { parseFlags } from '../scripts/cli/flags.js';
import { EXIT_CODES } from '../scripts/cli-error.js';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { runArena } from './support/arena-process.js';

describe('arena <command> --help', () => {
  for (const entry of COMMANDS) {
    it(`arena ${entry.name} --help prints its flags and examples, as -h and arena help ${entry.name} do`, async () => {
      const spec = await entry.load();
      const r = await runArena([entry.name, '--help']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`arena ${entry.name}: ${entry.summary}`);
      for (const flag of Object.keys(spec.flags)) expect(r.stdout).toMatch(new RegExp(`^ +--${flag}\\b`, 'm'));
      for (const example of spec.examples) expect(r.stdout).toContain(`  ${example}\n`);
      expect(r.stdout).toContain('exit codes:');
      expect(r.stdout).toBe(await helpOf(entry));
      expect(spec.examples.length).toBeGreaterThan(0);
      for (const example of spec.examples) expect(example.startsWith(`arena ${entry.name}`)).toBe(true);
    });

    it(`arena ${entry.name} refuses an unknown flag with BAD_CONFIG before doing anything, naming the nearest flag`, async () => {
      const spec = await entry.load();
      const first = Object.keys(spec.flags)[0];
      const typo = first === undefined ? '--no-such-flag' : `--${first}x`;
      const err = await spec.run([typo]).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ArenaError);
      expect((err as ArenaError).code).toBe(ErrorCode.BAD_CONFIG);
      expect((err as ArenaError).message).toContain(`unknown flag ${typo} for arena ${entry.name}`);
      if (first !== undefined) expect((err as ArenaError).message).toContain(`did you mean --${first}?`);
    });

    it(`arena ${entry.name} refuses a non-number for each of its number flags with BAD_CONFIG`, async () => {
      const spec = await entry.load();
      for (const [flag, f] of Object.entries(spec.flags).filter(([, f]) => f.kind !== undefined)) {
        let err: unknown;
        try {
          parseFlags(entry.name, spec.flags, [`--${flag}`, 'many']);
        } catch (e) {
          err = e;
        }
        expect(err, `--${flag}`).toBeInstanceOf(ArenaError);
        expect((err as ArenaError).code).toBe(ErrorCode.BAD_CONFIG);
        expect((err as ArenaError).message).toContain(`--${flag} takes a non-negative ${f.kind === 'integer' ? 'whole number' : 'number'} (got 'many')`);
      }
    });
  }
});

describe('arena help', () => {
  it('lists every command and the exit codes, as arena --help and arena with no command', async () => {
    const outs = await Promise.all([runArena(['help']), runArena(['--help']), runArena(['-h']), runArena([])]);
    for (const r of outs) {
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(outs[0].stdout);
    }
    for (const entry of COMMANDS) expect(outs[0].stdout).toMatch(new RegExp(`^  ${entry.name} +${entry.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    for (const e of EXIT_CODES) expect(outs[0].stdout).toMatch(new RegExp(`^  ${e.code} +\\S`, 'm'));
  });

  it('describes one command with arena help COMMAND and with -h, and suggests a command for a typo', async () => {
    const [viaHelp, viaShort, typo] = await Promise.all([runArena(['help', 'match']), runArena(['match', '--quiet', '-h']), runArena(['mach'])]);
    const match = await helpOf(COMMANDS.find((c) => c.name === 'match')!);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(match);
    expect(viaShort.code).toBe(0);
    expect(viaShort.stdout).toBe(match);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("arena: BAD_CONFIG: unknown command 'mach'; did you mean 'match'?");
  });
});

describe('bad flags never reach a command as INTERNAL', () => {
  const cases: [string[], string][] = [
    [['match', '--max-steps', '3'], 'unknown flag --max-steps for arena match; did you mean --steps?'],
    [['match', '--steps', 'abc'], "--steps takes a non-negative whole number (got 'abc')"],
    [['match', 'last_stand'], "arena match takes no arguments besides flags (got 'last_stand')"],
    [['serve', '--game', 'sky_duel'], '--game goes with --remote-input PORT'],
    [['serve', '--remote-input', '0', '--runs', 'runs'], '--runs is a flag of the service, not of --remote-input'],
    [['serve', '--port', '70000', '--no-web'], "--port takes 0-65535 (got '70000')"],
    [['report', '--jsn', 'runs'], 'unknown flag --jsn for arena report; did you mean --json?'],
  ];
  for (const [args, message] of cases) {
    it(`arena ${args.join(' ')}: exit 2, BAD_CONFIG`, async () => {
      const r = await runArena(args);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]!.startsWith('arena: BAD_CONFIG: ')).toBe(true);
      expect(r.stderr).toContain(message);
    });
  }
});

describe('docs/cli.md', () => {
  const doc = readFileSync('docs/cli.md', 'utf8');
  it('has a section for every command and the exit-code table', () => {
    for (const entry of COMMANDS) expect(doc).toMatch(new RegExp(`^## \`arena ${entry.name}[ \`]`, 'm'));
    for (const e of EXIT_CODES) expect(doc).toMatch(new RegExp(`^\\| ${e.code} \\| `, 'm'));
  });
});
