import { describe, expect, it } from 'vitest';
import { approxTokens, boundSkill } from './skill.js';

describe('approxTokens', () => {
  it('counts ceil(chars / 4)', () => {
    expect([approxTokens(''), approxTokens('abcd'), approxTokens('abcde')]).toEqual([0, 1, 2]);
  });
});

describe('boundSkill', () => {
  it('keeps a skill within its cap whole', () => {
    expect(boundSkill('jump gaps early', 10)).toEqual({ tokens: 4, sentTokens: 4, capTokens: 10, trimmed: false, text: 'jump gaps early' });
  });

  it('cuts a skill past its cap to at most the cap', () => {
    const info = boundSkill('word '.repeat(400), 50);
    expect(info.trimmed).toBe(true);
    expect(info.tokens).toBe(500);
    expect(info.sentTokens).toBeLessThanOrEqual(50);
    expect(info.text.length).toBeLessThanOrEqual(200);
  });

  it('cuts back to a word break near the cap, not inside a word', () => {
    expect(boundSkill('one two three four fivesix seven', 5).text).toBe('one two three four');
  });

  it('keeps a last word that ends exactly at the cap', () => {
    expect(boundSkill('alpha beta gamma delta', 4).text).toBe('alpha beta gamma');
  });

  it('cuts inside a word when there is no break near the cap', () => {
    const info = boundSkill('x'.repeat(100), 5);
    expect(info.text).toBe('x'.repeat(20));
  });
});
