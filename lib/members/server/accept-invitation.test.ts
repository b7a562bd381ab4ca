import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { listPendingInvitations, revokeInvitation } from '@/lib/db/repos/invitations';
import { ensureMembership, listMembers, listUserOrganizations } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser, ensureUser, findUserByEmail, verifyCredentials } from '@/lib/db/repos/users';
import { invitations } from '@/lib/db/schema';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import type { Mailer } from '@/lib/ops/mail';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { acceptInvitation } from './accept-invitation';
import { inviteMember } from './invite-member';
import { hashLinkToken } from './one-time-token';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0413');
vi.stubEnv('APP_URL', 'https://motorpool.example');
// Each test hashes and checks several passwords (scrypt): give a busy machine room.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

/** The token of the link the admin is shown (without SMTP, the default in these tests). */
const tokenOf = (url: string | null) => {
  if (url === null) throw new Error('no link in the answer');
  return new URL(url).pathname.split('/').pop()!;
};
const shapeOf = (value: unknown): unknown =>
  value instanceof Date
    ? 'date'
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, shapeOf(v)]),
        )
      : value === null
        ? 'null'
        : typeof value;

let inbox: SmtpInbox;
let mailer: Mailer;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  mailer = { transport: nodemailer.createTransport(inbox.smtpUrl), from: 'Motorpool <noreply@motorpool.example>' };
});
afterAll(async () => {
  mailer.transport.close();
  await inbox.close();
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`invitations on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const setUp = async (slug: string) => {
      const org = await createOrganization(t.db, { slug, name: slug.toUpperCase(), apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const admin = await createUser(t.db, { email: `admin-${slug}@example.com`, password: 'admin password long' });
      await ensureMembership(t.db, org.id, admin.id, 'admin');
      return { org, admin };
    };

    it('invites without creating or changing any account; stores only the token’s sha256; expires in 7 days', async () => {
      const { org, admin } = await setUp('store');
      const now = new Date('2026-03-01T10:00:00Z');
      const result = await inviteMember(t.db, { organization: org, email: 'New@Example.com', role: 'support', invitedBy: admin.id }, now);
      expect(result.inviteUrl).toMatch(/^https:\/\/motorpool\.example\/invite\/[A-Za-z0-9_-]{43}$/);
      expect(result.invitation).toMatchObject({ email: 'new@example.com', role: 'support', expiresAt: new Date('2026-03-08T10:00:00Z') });
      expect(await findUserByEmail(t.db, 'new@example.com')).toBeUndefined();
      const [row] = await t.db.select().from(invitations);
      expect(row.tokenHash).toBe(hashLinkToken(tokenOf(result.inviteUrl)));
      expect(JSON.stringify(row)).not.toContain(tokenOf(result.inviteUrl));
    });

    it('without mail: the same shape of answer (a link) whether or not the email has an account elsewhere; the link never touches that account', async () => {
      const { org, admin } = await setUp('shape');
      const other = await createOrganization(t.db, {
        slug: 'shape-other',
        name: 'Other',
        apiBaseUrl: null,
        clientId: 'c',
        clientSecret: 's',
      });
      const existing = await createUser(t.db, { email: 'taken@example.com', password: 'their own password' });
      await ensureMembership(t.db, other.id, existing.id, 'manager');

      const forExisting = await inviteMember(t.db, { organization: org, email: 'taken@example.com', role: 'manager', invitedBy: admin.id });
      const forNew = await inviteMember(t.db, { organization: org, email: 'nobody-yet@example.com', role: 'manager', invitedBy: admin.id });
      expect(shapeOf(forExisting)).toEqual(shapeOf(forNew));
      expect(JSON.stringify(forExisting)).not.toMatch(/password/i);

      // Whoever holds the link, signed out, cannot set the existing account's password through it.
      await expect(
        acceptInvitation({ token: tokenOf(forExisting.inviteUrl), password: 'taken over password', user: null, ip: null }, t.db),
      ).rejects.toMatchObject({ code: 'ACCOUNT_EXISTS', status: 409 });
      // The try is seen: an instance-level entry (no organization's log) naming the invitation and who invited.
      const refused = (await listAuditEvents(t.db, { action: 'members.invitation_refused' })).events;
      expect(refused).toEqual([
        expect.objectContaining({
          organizationId: null,
          actorEmail: 'taken@example.com',
          outcome: 'failure',
          details: { reason: 'account_exists', organization: 'shape', invitedBy: admin.id },
        }),
      ]);
      expect((await listAuditEvents(t.db, { organizationId: org.id, action: 'members.invitation_refused' })).events).toEqual([]);
      expect(await verifyCredentials(t.db, 'taken@example.com', 'their own password')).toBeDefined();
      expect(await verifyCredentials(t.db, 'taken@example.com', 'taken over password')).toBeUndefined();
      expect((await listUserOrganizations(t.db, existing.id)).map((m) => m.organization.slug)).toEqual(['shape-other']);

      // Someone else signed in cannot use it either; the owner, signed in, joins.
      await expect(acceptInvitation({ token: tokenOf(forExisting.inviteUrl), user: admin, ip: null }, t.db)).rejects.toMatchObject({
        code: 'INVITATION_OTHER_ACCOUNT',
      });
      const joined = await acceptInvitation({ token: tokenOf(forExisting.inviteUrl), user: existing, ip: '203.0.113.9' }, t.db);
      expect(joined).toEqual({ accepted: true, organization: { slug: 'shape', name: 'SHAPE' }, signIn: false });
      expect((await listMembers(t.db, org.id)).find((m) => m.email === 'taken@example.com')?.role).toBe('manager');
      expect(await verifyCredentials(t.db, 'taken@example.com', 'their own password')).toBeDefined();
    });

    it('with mail, the admin gets the same answer for an email with an account elsewhere and a new one, and no link: only the mail has it', async () => {
      const { org, admin } = await setUp('mailed');
      const other = await createOrganization(t.db, {
        slug: 'mailed-other',
        name: 'Other',
        apiBaseUrl: null,
        clientId: 'c',
        clientSecret: 's',
      });
      const known = `known-${leg.kind}@example.com`;
      const fresh = `fresh-${leg.kind}@example.com`;
      const existing = await createUser(t.db, { email: known, password: 'their own password' });
      await ensureMembership(t.db, other.id, existing.id, 'manager');

      const now = new Date();
      const invite = (email: string) => inviteMember(t.db, { organization: org, email, role: 'manager', invitedBy: admin.id }, now, mailer);
      const [forExisting, forNew] = [await invite(known), await invite(fresh)];
      const sameness = (answer: typeof forExisting) => ({
        ...answer,
        invitation: { ...answer.invitation, id: 'id', email: 'email', createdAt: 'at' },
      });
      expect(sameness(forExisting)).toEqual(sameness(forNew));
      expect(forExisting).toMatchObject({ invited: true, inviteUrl: null, mailed: true });
      for (const answer of [forExisting, forNew]) expect(JSON.stringify(answer)).not.toMatch(/\/invite\/|token|password/i);

      // Each mailbox has its link; the account's owner accepts it signed in, the newcomer with a password.
      const linkIn = async (to: string) => /\/invite\/([A-Za-z0-9_-]{43})/.exec((await inbox.nextTo(to)).text ?? '')![1];
      await acceptInvitation({ token: await linkIn(known), user: existing, ip: null }, t.db);
      expect((await listMembers(t.db, org.id)).find((m) => m.email === known)?.role).toBe('manager');
      expect(await verifyCredentials(t.db, known, 'their own password')).toBeDefined();
      await acceptInvitation({ token: await linkIn(fresh), password: 'the newcomer’s own', user: null, ip: null }, t.db);
      expect(await verifyCredentials(t.db, fresh, 'the newcomer’s own')).toBeDefined();
    });

    it('creates a new account with the password its person chose; single use; the rules apply', async () => {
      const { org, admin } = await setUp('accept');
      const { inviteUrl } = await inviteMember(t.db, {
        organization: org,
        email: 'fresh@example.com',
        role: 'support',
        invitedBy: admin.id,
      });
      const token = tokenOf(inviteUrl);
      await expect(acceptInvitation({ token, password: 'FRESH@example.com', user: null, ip: null }, t.db)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      const result = await acceptInvitation({ token, password: 'my chosen password', user: null, ip: null }, t.db);
      expect(result).toEqual({ accepted: true, organization: { slug: 'accept', name: 'ACCEPT' }, signIn: true });
      expect(await verifyCredentials(t.db, 'fresh@example.com', 'my chosen password')).toBeDefined();
      expect((await listMembers(t.db, org.id)).find((m) => m.email === 'fresh@example.com')?.role).toBe('support');
      await expect(acceptInvitation({ token, password: 'another password!', user: null, ip: null }, t.db)).rejects.toMatchObject({
        code: 'INVITATION_INVALID',
        status: 410,
      });
      expect(await verifyCredentials(t.db, 'fresh@example.com', 'my chosen password')).toBeDefined();
      const audit = await listAuditEvents(t.db, { organizationId: org.id });
      expect(audit.events.map((e) => e.action)).toContain('members.invitation_accepted');
    });

    it('refuses an expired or revoked link; a new invitation replaces the open one; a leftover password-less row may be claimed', async () => {
      const { org, admin } = await setUp('expiry');
      const old = await inviteMember(
        t.db,
        { organization: org, email: 'late@example.com', role: 'manager', invitedBy: admin.id },
        new Date(Date.now() - 8 * 86_400_000),
      );
      await expect(
        acceptInvitation({ token: tokenOf(old.inviteUrl), password: 'late but long enough', user: null, ip: null }, t.db),
      ).rejects.toMatchObject({ code: 'INVITATION_INVALID' });

      const first = await inviteMember(t.db, { organization: org, email: 'twice@example.com', role: 'manager', invitedBy: admin.id });
      const second = await inviteMember(t.db, { organization: org, email: 'twice@example.com', role: 'support', invitedBy: admin.id });
      await expect(
        acceptInvitation({ token: tokenOf(first.inviteUrl), password: 'first link password', user: null, ip: null }, t.db),
      ).rejects.toMatchObject({ code: 'INVITATION_INVALID' });
      expect((await listPendingInvitations(t.db, org.id)).map((i) => i.email)).toEqual(['twice@example.com']);
      await revokeInvitation(t.db, org.id, second.invitation.id);
      await expect(
        acceptInvitation({ token: tokenOf(second.inviteUrl), password: 'second link password', user: null, ip: null }, t.db),
      ).rejects.toMatchObject({ code: 'INVITATION_INVALID' });
      await expect(revokeInvitation(t.db, org.id, second.invitation.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });

      await ensureUser(t.db, { email: 'leftover@example.com' });
      const leftover = await inviteMember(t.db, { organization: org, email: 'leftover@example.com', role: 'manager', invitedBy: admin.id });
      await acceptInvitation({ token: tokenOf(leftover.inviteUrl), password: 'claimed password ok', user: null, ip: null }, t.db);
      expect(await verifyCredentials(t.db, 'leftover@example.com', 'claimed password ok')).toBeDefined();
    });

    it('refuses to invite a current member (visible to the admin anyway)', async () => {
      const { org, admin } = await setUp('dup');
      await expect(
        inviteMember(t.db, { organization: org, email: admin.email, role: 'manager', invitedBy: admin.id }),
      ).rejects.toMatchObject({ code: 'ALREADY_MEMBER' });
    });
  });
}
