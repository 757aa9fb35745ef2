import { describe, expect, it } from 'vitest';
import { describeConditionKeys } from './condition-words.js';

describe('describeConditionKeys', () => {
  it('says the differing keys in words, grouped, game first and slots last', () => {
    expect(describeConditionKeys(['conditions.agents.0.kind', 'conditions.agents.0.frameEncoding', 'conditions.agents.1', 'conditions.build.build', 'conditions.stepBudget', 'conditions.timeLimitMs', 'game'])).toBe(
      'game; game build (build); step budget; time limit; slot 0 agent (kind, frame encoding); slot 1 agent (present in some groups only)',
    );
  });
  it('is empty for no keys', () => {
    expect(describeConditionKeys([])).toBe('');
  });
});
