import { Secret, TOTP } from 'otpauth';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword } from '@/lib/crypto/password';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { createOrganization } from '@/lib/db/repos/organizations';
import { hasSecondFactor } from '@/lib/db/repos/second-factors';
import { createUser } from '@/lib/db/repos/users';
import { recoveryCodes, totpCredentials } from '@/lib/db/schema';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { updateSecondFactorRequirement } from '@/lib/settings/server/update-second-factor-requirement';
import { confirmTotpEnrolment, getSecondFactorStatus, removeTotp, startTotpEnrolment } from './manage-second-factor';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-2627');
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const PASSWORD = 'a long enough password';
const FAST = { N: 2 ** 10, r: 8, p: 1 };
const codeOf = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`second factor on the account page, ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const person = async (email: string) => ({
      user: await createUser(t.db, { email, passwordHash: await hashPassword(PASSWORD, FAST) }),
      ip: '192.0.2.60',
    });

    it('sets up only after the password and a right first code; the secret is sealed and shown once, with ten recovery codes', async () => {
      const me = await person('enrol@example.com');
      await expect(startTotpEnrolment(me, t.db)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        body: { fields: [{ path: 'password', message: 'Enter your password' }] },
      });
      await expect(startTotpEnrolment({ ...me, password: 'wrong' }, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'password', message: 'The password is wrong' }] },
      });
      const { secret, uri } = await startTotpEnrolment({ ...me, password: PASSWORD }, t.db);
      expect(uri).toContain(`secret=${secret}`);
      // Waiting for its first code, it is no second factor yet.
      expect(await hasSecondFactor(t.db, me.user.id)).toBe(false);
      expect(await getSecondFactorStatus(me.user.id, t.db)).toEqual({ totp: null, passkeys: [] });
      const [row] = await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, me.user.id));
      expect(row.secretEncrypted).toMatch(/^v2\./);
      expect(row.secretEncrypted).not.toContain(secret);

      await expect(confirmTotpEnrolment({ ...me, code: codeOf(secret, 5) }, t.db)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        body: { fields: [{ path: 'code', message: expect.stringContaining('does not match') }] },
      });
      const confirmed = await confirmTotpEnrolment({ ...me, code: codeOf(secret) }, t.db);
      expect(confirmed.recoveryCodes).toHaveLength(10);
      expect(confirmed.status.totp).toMatchObject({ recoveryCodesLeft: 10 });
      expect(JSON.stringify(confirmed.status)).not.toContain(secret);
      const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.user.id));
      expect(stored.map((r) => r.codeHash).join()).not.toContain(confirmed.recoveryCodes[0].replace('-', ''));

      // A second app is not set up over the first (nor its secret handed out again).
      await expect(startTotpEnrolment({ ...me, password: PASSWORD }, t.db)).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(confirmTotpEnrolment({ ...me, code: codeOf(secret, 1) }, t.db)).rejects.toMatchObject({ code: 'CONFLICT' });
      const events = (await listAuditEvents(t.db, { actorUserId: me.user.id })).events.map((e) => [e.action, e.outcome]);
      expect(events).toEqual([
        ['auth.second_factor_enrolled', 'success'],
        ['auth.second_factor_enrol_failed', 'failure'],
      ]);
    });

    it('turns off only with a fresh code, a recovery code or the password, and takes the recovery codes with it', async () => {
      const me = await person('remove@example.com');
      const { secret } = await startTotpEnrolment({ ...me, password: PASSWORD }, t.db);
      const firstCode = codeOf(secret);
      const { recoveryCodes: codes } = await confirmTotpEnrolment({ ...me, code: firstCode }, t.db);
      // The code that confirmed the set-up has been used.
      await expect(removeTotp({ ...me, code: firstCode }, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'code', message: 'That code is wrong or was used already' }] },
      });
      await expect(removeTotp({ ...me, password: 'wrong' }, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'password', message: 'The password is wrong' }] },
      });
      expect(await removeTotp({ ...me, code: codes[3] }, t.db)).toEqual({ totp: null, passkeys: [] });
      expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.user.id))).toEqual([]);
      await expect(removeTotp({ ...me, password: PASSWORD }, t.db)).rejects.toMatchObject({ code: 'CONFLICT' });

      const again = await startTotpEnrolment({ ...me, password: PASSWORD }, t.db);
      await confirmTotpEnrolment({ ...me, code: codeOf(again.secret) }, t.db);
      expect(await removeTotp({ ...me, password: PASSWORD }, t.db)).toEqual({ totp: null, passkeys: [] });
      const removed = (await listAuditEvents(t.db, { actorUserId: me.user.id, action: 'auth.second_factor_removed' })).events;
      expect(removed.map((e) => (e.details as { confirmedWith: string }).confirmedWith)).toEqual(['password', 'recovery_code']);
    });

    it('lets an admin require a second factor only once they have one themselves', async () => {
      const admin = await person('strict-admin@example.com');
      const org = await createOrganization(t.db, {
        slug: 'strict-verb',
        name: 'Strict',
        apiBaseUrl: null,
        clientId: 'c',
        clientSecret: 's',
      });
      await expect(updateSecondFactorRequirement({ org, user: admin.user }, { required: true }, t.db)).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      expect(await updateSecondFactorRequirement({ org, user: admin.user }, { required: false }, t.db)).toEqual({
        requireSecondFactor: false,
      });
      const { secret } = await startTotpEnrolment({ ...admin, password: PASSWORD }, t.db);
      await confirmTotpEnrolment({ ...admin, code: codeOf(secret) }, t.db);
      expect(await updateSecondFactorRequirement({ org, user: admin.user }, { required: true }, t.db)).toEqual({
        requireSecondFactor: true,
      });
    });
  });
}
