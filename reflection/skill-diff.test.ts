import { describe, expect, it } from 'vitest';
import { diffLines } from './skill-diff.js';

describe('diffLines', () => {
  it('marks added, removed and kept lines', () => {
    expect(diffLines('a\nb\nc', 'a\nc\nd')).toBe('  a\n- b\n  c\n+ d\n');
  });

  it('shows a first skill as all added', () => {
    expect(diffLines('', 'one\ntwo')).toBe('+ one\n+ two\n');
  });

  it('is empty for two empty skills', () => {
    expect(diffLines('', '')).toBe('');
  });
});
