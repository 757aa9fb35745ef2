import { describe, expect, it } from 'vitest';
import { ArenaError, ErrorCode } from './index.js';
import { parseFlags, wantsHelp, type FlagTable } from './flag-table.js';
import { editDistance, suggest } from './suggest.js';

const table = {
  game: { type: 'string', arg: 'ID', default: 'last_stand', description: 'a game' },
  steps: { type: 'string', kind: 'integer', arg: 'N', description: 'decisions' },
  'time-limit': { type: 'string', kind: 'number', arg: 'S', description: 'seconds' },
  quiet: { type: 'boolean', description: 'no bar' },
} as const satisfies FlagTable;

function refusal(argv: string[], operands = false): ArenaError {
  try {
    parseFlags('test', table, argv, operands);
  } catch (err) {
    if (err instanceof ArenaError) return err;
    throw err;
  }
  throw new Error(`parseFlags accepted ${argv.join(' ')}`);
}

describe('parseFlags', () => {
  it('gives defaults, switches off and optional flags undefined when nothing is given', () => {
    expect(parseFlags('test', table, []).values).toEqual({ game: 'last_stand', steps: undefined, 'time-limit': undefined, quiet: false });
  });

  it('reads values in both spellings, the last one winning, and switches', () => {
    const { values } = parseFlags('test', table, ['--game', 'sky_duel', '--steps=3', '--steps', '4', '--time-limit', '1.5', '--quiet']);
    expect(values).toEqual({ game: 'sky_duel', steps: '4', 'time-limit': '1.5', quiet: true });
  });

  it('refuses an unknown flag with BAD_CONFIG and the nearest flag', () => {
    const e = refusal(['--max-steps', '3']);
    expect(e.code).toBe(ErrorCode.BAD_CONFIG);
    expect(e.message).toContain('unknown flag --max-steps for arena test; did you mean --steps?');
    expect(refusal(['--gmae', 'x']).message).toContain('did you mean --game?');
    expect(refusal(['--zzzzzzzzzz']).message).not.toContain('did you mean');
    expect(refusal(['-x']).message).toContain('unknown flag -x');
  });

  const malformed: [string[], RegExp][] = [
    [['--steps', 'abc'], /--steps takes a non-negative whole number \(got 'abc'\)/],
    [['--steps', '2.5'], /--steps takes a non-negative whole number/],
    [['--time-limit', ''], /--time-limit takes a non-negative number/],
    [['--time-limit=-1'], /--time-limit takes a non-negative number/],
    [['--steps', '-3'], /--steps takes a non-negative whole number \(got '-3'\)/],
    [['--time-limit', '-0.5'], /--time-limit takes a non-negative number \(got '-0.5'\)/],
    [['--time-limit', 'Infinity'], /--time-limit takes a non-negative number/],
    [['--quiet=yes'], /--quiet is a switch and takes no value/],
    [['--game'], /--game needs a value: --game ID/],
    [['--game', '--quiet'], /--game needs a value/],
    [['stray'], /arena test takes no arguments besides flags \(got 'stray'\)/],
  ];
  for (const [argv, message] of malformed) {
    it(`refuses ${argv.join(' ') || "''"} with BAD_CONFIG`, () => {
      const e = refusal(argv);
      expect(e.code).toBe(ErrorCode.BAD_CONFIG);
      expect(e.message).toMatch(message);
    });
  }

  it('collects operands when the command takes them, also after --', () => {
    expect(parseFlags('test', table, ['runs/a', '--quiet', '--', '--not-a-flag'], true).operands).toEqual(['runs/a', '--not-a-flag']);
  });
});

describe('wantsHelp', () => {
  it('sees --help and -h before --, not after it', () => {
    expect(wantsHelp(['--game', 'x', '--help'])).toBe(true);
    expect(wantsHelp(['-h'])).toBe(true);
    expect(wantsHelp(['--', '-h'])).toBe(false);
    expect(wantsHelp(['--game', 'x'])).toBe(false);
  });
});

describe('suggest', () => {
  it('measures edits', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('picks the nearest name, a contained one, or none', () => {
    expect(suggest('mach', ['match', 'games', 'bench'])).toBe('match');
    expect(suggest('max-steps', ['seed', 'steps', 'time-limit'])).toBe('steps');
    expect(suggest('quite', ['quiet', 'json'])).toBe('quiet');
    expect(suggest('frobnicate', ['seed', 'steps'])).toBeUndefined();
  });
});
