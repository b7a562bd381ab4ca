import { describe, expect, it } from 'vitest';
import { describeCheck } from './kinds';

describe('what “Check now” says it did', () => {
  it('counts the rules checked, the notifications it told and the conditions it cleared', () => {
    expect(describeCheck({ rules: 3, opened: 1, cleared: 0, unchecked: [] })).toBe('Checked 3 rules: 1 new notification, none cleared.');
    expect(describeCheck({ rules: 1, opened: 0, cleared: 2, unchecked: [] })).toBe('Checked 1 rule: no new notifications, 2 cleared.');
    expect(describeCheck({ rules: 4, opened: 5, cleared: 1, unchecked: [] })).toBe('Checked 4 rules: 5 new notifications, 1 cleared.');
  });

  it('names the rules whose tag or view the upstream did not answer for, and counts only the others as checked', () => {
    expect(describeCheck({ rules: 3, opened: 1, cleared: 0, unchecked: ['Silent vans'] })).toBe(
      'Checked 2 rules: 1 new notification, none cleared. Not checked: “Silent vans” (the Vehicle API did not answer which vehicles its tag or view holds; try again in a minute).',
    );
    expect(describeCheck({ rules: 2, opened: 0, cleared: 0, unchecked: ['A', 'B'] })).toBe(
      'Checked 0 rules: no new notifications, none cleared. Not checked: “A”, “B” (the Vehicle API did not answer which vehicles their tag or view holds; try again in a minute).',
    );
  });

  it('says so when no periodic rule is on', () => {
    expect(describeCheck({ rules: 0, opened: 0, cleared: 0, unchecked: [] })).toBe('No periodic rule is on: nothing to check.');
  });
});
