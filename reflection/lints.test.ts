import { describe, expect, it } from 'vitest';
import { approxTokens } from '../agents/index.js';
import { parseCurveSettings } from './curve-settings.js';
import { lintSubmission, type Submission } from './lints.js';

const settings = parseCurveSettings({ game: 'last_stand', rounds: 1, episodes: 1, reflector: { model: 'm' } });
const ok: Submission = { skill: 'Stay near the middle of the platform and step off tiles that flash red.', notebook: 'Round 0: fell twice.', diagnosis: 'Walked off the edge.' };
const codes = (s: Partial<Submission>, over: Partial<typeof settings> = {}) => lintSubmission({ ...ok, ...s }, { ...settings, ...over }, approxTokens).map((i) => i.code);
const banned = (skill: string) => lintSubmission({ ...ok, skill }, settings, approxTokens).map((i) => i.patternId);

describe('bounds', () => {
  it('accepts a submission within every bound', () => {
    expect(codes({})).toEqual([]);
  });

  it('accepts a skill of exactly the cap and rejects one token more', () => {
    expect(codes({ skill: 'a'.repeat(40) }, { skillTokens: 10 })).toEqual([]);
    expect(codes({ skill: 'a'.repeat(41) }, { skillTokens: 10 })).toEqual(['SKILL_TOO_LONG']);
  });

  it('holds the default skill cap at 1200 tokens and the notebook cap at 2000', () => {
    expect(settings.skillTokens).toBe(1200);
    expect(settings.notebookTokens).toBe(2000);
    expect(codes({ skill: 'a '.repeat(2401) })).toEqual(['SKILL_TOO_LONG']);
    expect(codes({ notebook: 'b '.repeat(4001) })).toEqual(['NOTEBOOK_TOO_LONG']);
  });

  it('rejects an empty or blank skill', () => {
    expect(codes({ skill: '' })).toEqual(['EMPTY_SKILL']);
    expect(codes({ skill: ' \n\t' })).toEqual(['EMPTY_SKILL']);
  });

  it('reports every problem at once', () => {
    expect(codes({ skill: 'Go to the third tile. '.repeat(10), notebook: 'n'.repeat(100) }, { skillTokens: 10, notebookTokens: 10 })).toEqual(['SKILL_TOO_LONG', 'NOTEBOOK_TOO_LONG', 'BANNED_PATTERN']);
  });
});

describe('default banned patterns', () => {
  it.each([
    ['Jump to the third platform.', 'ordinal-feature'],
    ['Wait on the 2nd tile.', 'ordinal-feature'],
    ['Skip the fourth step of the stairs.', 'ordinal-feature'],
    ['Stand on tile 5 until it flashes.', 'numbered-cell'],
    ['Row 3 falls first.', 'numbered-cell'],
    ['When your progress reaches 0.45, move left.', 'exact-score'],
    ['Keep going until score >= 37.', 'exact-score'],
    ['At t=40s turn right.', 'timestamp'],
    ['Move left 12 seconds into the episode.', 'timestamp'],
    ['Walk to (4, 7) then wait.', 'coordinates'],
    ['You spawn at tile 4 of the middle row.', 'spawn-position'],
    ['The starting position is 3 tiles from the edge.', 'spawn-position'],
  ])('rejects "%s" as %s', (skill, id) => {
    expect(banned(skill)).toContain(id);
  });

  it.each([
    'Stay near the middle of the platform and step off tiles that flash red.',
    'Use the first step of each chunk to turn the camera, then walk.',
    'Turn with X = 30 to look right; Y tilts the camera.',
    'Tiles fall about 3 seconds after they start to flash.',
    'Jump over gaps one tile wide; a jump crosses 2 tiles at most.',
    'Keep at least 2 tiles between you and the edge.',
    'Your progress rises as you survive; do not rush.',
    'Start in the centre, then move only when your tile flashes.',
  ])('accepts general advice: "%s"', (skill) => {
    expect(banned(skill)).toEqual([]);
  });

  it('leaves the notebook alone unless asked', () => {
    expect(codes({ notebook: 'The third platform fell at t=12s.' })).toEqual([]);
    expect(codes({ notebook: 'The third platform fell at t=12s.' }, { lintNotebook: true })).toEqual(['BANNED_PATTERN', 'BANNED_PATTERN']);
  });
});
