import { describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';

const listMembers = vi.fn(async (_db: unknown, organizationId: string) => [
  { userId: `u-${organizationId}`, email: `${organizationId}@example.com` },
]);
vi.mock('@/lib/db/repos/memberships', () => ({ listMembers }));

const { memberEmails, MAX_CACHED_ORGS } = await import('./member-emails');

describe('member emails in memory', () => {
  it('keeps at most MAX_CACHED_ORGS organizations: the oldest is read again', async () => {
    const db = {} as Db;
    const now = Date.now();
    await memberEmails(db, 'org-first', [], now);
    await memberEmails(db, 'org-first', [], now);
    expect(listMembers).toHaveBeenCalledTimes(1);
    for (let i = 0; i < MAX_CACHED_ORGS; i++) await memberEmails(db, `org-${i}`, [], now);
    expect((await memberEmails(db, 'org-first', [], now)).get('u-org-first')).toBe('org-first@example.com');
    expect(listMembers).toHaveBeenCalledTimes(MAX_CACHED_ORGS + 2);
  });
});
