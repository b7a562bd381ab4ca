import { describe, expect, it } from 'vitest';
import { describeCheck } from './kinds';

describe('what “Check now” says it did', () => {
  it('counts the rules checked, the notifications it told and the conditions it cleared', () => {
    expect(describeCheck({ rules: 3, opened: 1, cleared: 0 })).toBe('Checked 3 rules: 1 new notification, none cleared.');
    expect(describeCheck({ rules: 1, opened: 0, cleared: 2 })).toBe('Checked 1 rule: no new notifications, 2 cleared.');
    expect(describeCheck({ rules: 4, opened: 5, cleared: 1 })).toBe('Checked 4 rules: 5 new notifications, 1 cleared.');
  });

  it('says so when no periodic rule is on', () => {
    expect(describeCheck({ rules: 0, opened: 0, cleared: 0 })).toBe('No periodic rule is on: nothing to check.');
  });
});
