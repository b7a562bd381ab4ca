import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { redeemSecondFactorCode } from '@/lib/auth/server/second-factor';
import { hashPassword } from '@/lib/crypto/password';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { createUser } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { confirmTotpEnrolment, removeTotp, startTotpEnrolment } from './manage-second-factor';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-2626');
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const PASSWORD = 'a long enough password';
const FAST = { N: 2 ** 10, r: 8, p: 1 };
const codeOf = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`new recovery codes, ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    /** A person with the app set up: their secret and the ten codes shown at set-up. */
    const enrolled = async (email: string) => {
      const me = { user: await createUser(t.db, { email, passwordHash: await hashPassword(PASSWORD, FAST) }), ip: '192.0.2.61' };
      const { secret } = await startTotpEnrolment({ ...me, password: PASSWORD }, t.db);
      const { recoveryCodes } = await confirmTotpEnrolment({ ...me, code: codeOf(secret, -1) }, t.db);
      return { me, secret, codes: recoveryCodes };
    };

    it('needs a fresh proof; a wrong one changes nothing and is audited', async () => {
      const { me, codes } = await enrolled('renew-proof@example.com');
      await expect(regenerateRecoveryCodes(me, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'password', message: 'The password is wrong' }] },
      });
      await expect(regenerateRecoveryCodes({ ...me, password: 'wrong' }, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'password', message: 'The password is wrong' }] },
      });
      await expect(regenerateRecoveryCodes({ ...me, code: '000000' }, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'code', message: 'That code is wrong or was used already' }] },
      });
      // The old codes still work: nothing was replaced.
      expect(await redeemSecondFactorCode(t.db, me.user.id, codes[0])).toBe('recovery_code');
      const failed = (await listAuditEvents(t.db, { actorUserId: me.user.id, action: 'auth.recovery_codes_regenerate_failed' })).events;
      expect(failed.map((e) => (e.details as { reason: string }).reason).sort()).toEqual([
        'wrong_code',
        'wrong_password',
        'wrong_password',
      ]);
    });

    it('replaces every earlier code at once with ten new ones, shown this once, and audits how it was proven', async () => {
      const { me, secret, codes } = await enrolled('renew@example.com');
      expect(await redeemSecondFactorCode(t.db, me.user.id, codes[9])).toBe('recovery_code');

      const renewed = await regenerateRecoveryCodes({ ...me, code: codeOf(secret) }, t.db);
      expect(renewed.recoveryCodes).toHaveLength(10);
      expect(renewed.recoveryCodes.some((c) => codes.includes(c))).toBe(false);
      expect(renewed.status.totp).toMatchObject({ recoveryCodesLeft: 10 });
      for (const old of codes.slice(0, 3)) expect(await redeemSecondFactorCode(t.db, me.user.id, old)).toBeNull();
      expect(await redeemSecondFactorCode(t.db, me.user.id, renewed.recoveryCodes[0])).toBe('recovery_code');
      expect(await redeemSecondFactorCode(t.db, me.user.id, renewed.recoveryCodes[0])).toBeNull();

      const again = await regenerateRecoveryCodes({ ...me, password: PASSWORD }, t.db);
      expect(await redeemSecondFactorCode(t.db, me.user.id, renewed.recoveryCodes[1])).toBeNull();
      expect(again.status.totp).toMatchObject({ recoveryCodesLeft: 10 });
      const done = (await listAuditEvents(t.db, { actorUserId: me.user.id, action: 'auth.recovery_codes_regenerated' })).events;
      expect(done.map((e) => (e.details as { confirmedWith: string }).confirmedWith)).toEqual(['password', 'totp']);
    });

    it('is refused without an authenticator app', async () => {
      const { me } = await enrolled('renew-off@example.com');
      await removeTotp({ ...me, password: PASSWORD }, t.db);
      await expect(regenerateRecoveryCodes({ ...me, password: PASSWORD }, t.db)).rejects.toMatchObject({ code: 'CONFLICT' });
    });
  });
}
