import { describe, expect, it } from 'vitest';
import { MAX_ORGS, rememberTags, tagsSeen } from './list-tags-seen';

describe('tags seen', () => {
  it('keeps each tag once per organization, sorted, and bounded', () => {
    rememberTags('org-a', [
      { key: 'pool', value: 'B' },
      { key: 'depot', value: 'North' },
    ]);
    rememberTags('org-a', [{ key: 'pool', value: 'B' }]);
    rememberTags('org-b', [{ key: 'other', value: 'x' }]);
    expect(tagsSeen('org-a')).toEqual([
      { key: 'depot', value: 'North' },
      { key: 'pool', value: 'B' },
    ]);
    for (let i = 0; i < 600; i++) rememberTags('org-c', [{ key: 'k', value: String(i).padStart(3, '0') }]);
    const kept = tagsSeen('org-c');
    expect(kept).toHaveLength(500);
    // The oldest go first.
    expect(kept[0].value).toBe('100');
    expect(tagsSeen('nobody')).toEqual([]);
  });
});

describe('tags seen across organizations', () => {
  it('forgets the organization least recently tagged beyond MAX_ORGS', () => {
    rememberTags('first-org', [{ key: 'pool', value: 'A' }]);
    for (let i = 0; i < MAX_ORGS; i++) rememberTags(`org-${i}`, [{ key: 'k', value: 'v' }]);
    expect(tagsSeen('first-org')).toEqual([]);
    expect(tagsSeen(`org-${MAX_ORGS - 1}`)).toEqual([{ key: 'k', value: 'v' }]);
  });
});
