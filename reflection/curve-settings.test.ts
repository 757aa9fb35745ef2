import { describe, expect, it } from 'vitest';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { parseCurveSettings } from './curve-settings.js';

const base = { game: 'last_stand', rounds: 2, episodes: 3, reflector: { model: 'm' } };

function badConfig(input: unknown): ArenaError {
  try {
    parseCurveSettings(input);
  } catch (err) {
    expect(err).toBeInstanceOf(ArenaError);
    expect((err as ArenaError).code).toBe(ErrorCode.BAD_CONFIG);
    return err as ArenaError;
  }
  throw new Error('no error');
}

describe('curve settings', () => {
  it('applies the documented defaults', () => {
    const s = parseCurveSettings(base);
    expect(s).toMatchObject({ seed: 1, clock: 'pdq', successThreshold: 0.999, rollbackRatio: 0.5, skillTokens: 1200, notebookTokens: 2000, lintNotebook: false, episodeRetries: 1 });
    expect(s.reflector).toMatchObject({ maxToolCalls: 24, maxSubmissions: 3, maxFramesPerCall: 4, temperature: 0 });
    expect(s.banned.map((p) => p.id)).toContain('ordinal-feature');
  });

  it.each([
    ['rounds below 0', { ...base, rounds: -1 }],
    ['no episodes', { ...base, episodes: 0 }],
    ['a rollback ratio above 1', { ...base, rollbackRatio: 1.5 }],
    ['a success threshold above 1', { ...base, successThreshold: 2 }],
    ['an unknown clock', { ...base, clock: 'fast' }],
    ['an unknown field', { ...base, colour: 'red' }],
    ['a reflector without a model', { ...base, reflector: {} }],
    ['no submissions allowed', { ...base, reflector: { model: 'm', maxSubmissions: 0 } }],
    ['extraBody that sets tools', { ...base, reflector: { model: 'm', extraBody: { tools: [] } } }],
    ['a bad latency source', { ...base, match: { latency: 'soon' } }],
  ])('refuses %s with BAD_CONFIG', (_name, input) => {
    badConfig(input);
  });

  it('refuses a banned pattern that is not a regular expression, naming its field', () => {
    const err = badConfig({ ...base, banned: [{ id: 'x', pattern: '(unclosed', description: 'd' }] });
    expect(err.details?.['issues']).toEqual([expect.objectContaining({ path: ['banned', '0', 'pattern'] })]);
  });
});
