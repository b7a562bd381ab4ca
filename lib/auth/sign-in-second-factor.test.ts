import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword } from '@/lib/crypto/password';
import { listAuditEvents } from '@/lib/db/repos/audit';
import { countRecentAttempts } from '@/lib/db/repos/sign-in-attempts';
import { createUser } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { confirmTotpEnrolment, getSecondFactorStatus, startTotpEnrolment } from '@/lib/profile/server/manage-second-factor';
import { passkeyRegistrationOptions, passkeySignInOptions, relyingParty, verifyPasskeyRegistration } from './server/passkeys';
import { SIGN_IN_THROTTLE } from './server/sign-in-throttle';
import { SoftAuthenticator } from './server/soft-authenticator.test-support';
import { authorizeCredentials, SIGN_IN_ERRORS, SecondFactorError, SignInThrottledError } from './sign-in';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-2626');
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const PASSWORD = 'a long enough password';
const FAST = { N: 2 ** 10, r: 8, p: 1 };
/** The code an app shows `offsetSteps` steps from now (a step is 30 s). */
const codeOf = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
/** A six-digit code the app does not show within a step of now. */
const wrongCode = (secret: string, i: number) => {
  const valid = new Set([-1, 0, 1].map((offset) => codeOf(secret, offset)));
  let n = 100000 + i * 7919;
  while (valid.has(String(n))) n += 1;
  return String(n);
};
const required = { message: SIGN_IN_ERRORS.secondFactorRequired };
const invalid = { message: SIGN_IN_ERRORS.secondFactorInvalid };

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`sign-in with a second factor on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    /** A person with a confirmed authenticator app, set up as the account page does (the first code takes the current step). */
    async function enrolled(email: string) {
      const user = await createUser(t.db, { email, passwordHash: await hashPassword(PASSWORD, FAST) });
      const person = { user, ip: '192.0.2.50' };
      const { secret } = await startTotpEnrolment({ ...person, password: PASSWORD }, t.db);
      const { recoveryCodes } = await confirmTotpEnrolment({ ...person, code: codeOf(secret) }, t.db);
      return { user, secret, recoveryCodes };
    }

    it('asks for the code after a right password, without counting the password as a failure; a wrong password says nothing of it', async () => {
      const { user } = await enrolled('asked@example.com');
      await expect(authorizeCredentials(t.db, { email: 'asked@example.com', password: PASSWORD }, '10.2.0.1')).rejects.toMatchObject(
        required,
      );
      await expect(
        authorizeCredentials(t.db, { email: 'asked@example.com', password: PASSWORD, code: '' }, '10.2.0.1'),
      ).rejects.toBeInstanceOf(SecondFactorError);
      expect((await countRecentAttempts(t.db, { email: 'asked@example.com', ip: '10.2.0.1' }, SIGN_IN_THROTTLE)).pair).toBe(0);
      expect(await authorizeCredentials(t.db, { email: 'asked@example.com', password: 'wrong', code: '123456' }, '10.2.0.1')).toBeNull();
      // No session-worthy answer was given, and no sign-in was recorded.
      const events = (await listAuditEvents(t.db, { actorUserId: user.id })).events;
      expect(events.some((e) => e.action === 'auth.sign_in')).toBe(false);
    });

    it('signs in with a code once: the same code, or one of an earlier step, is refused afterwards', async () => {
      const { user, secret } = await enrolled('replay@example.com');
      // Setting up took the current step; the app's next code (within the one-step drift allowed) is new.
      const next = codeOf(secret, 1);
      expect(await authorizeCredentials(t.db, { email: 'replay@example.com', password: PASSWORD, code: next }, '10.2.0.2')).toMatchObject({
        id: user.id,
      });
      await expect(
        authorizeCredentials(t.db, { email: 'replay@example.com', password: PASSWORD, code: next }, '10.2.0.2'),
      ).rejects.toMatchObject(invalid);
      await expect(
        authorizeCredentials(t.db, { email: 'replay@example.com', password: PASSWORD, code: codeOf(secret) }, '10.2.0.2'),
      ).rejects.toMatchObject(invalid);
      const events = (await listAuditEvents(t.db, { actorUserId: user.id })).events;
      expect(events.find((e) => e.action === 'auth.sign_in')).toMatchObject({ details: { method: 'credentials', secondFactor: 'totp' } });
      expect(events.filter((e) => (e.details as { reason?: string }).reason === 'second_factor_invalid')).toHaveLength(2);
    });

    it('lets only one of two simultaneous sign-ins with the same code through', async () => {
      const { secret } = await enrolled('race@example.com');
      const code = codeOf(secret, 1);
      const results = await Promise.allSettled(
        [1, 2].map(() => authorizeCredentials(t.db, { email: 'race@example.com', password: PASSWORD, code }, '10.2.0.3')),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: invalid });
    });

    it('signs in with a recovery code once, typed however, and never with it again', async () => {
      const { user, recoveryCodes } = await enrolled('recover@example.com');
      const [first] = recoveryCodes;
      const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
      expect(await authorizeCredentials(t.db, { email: 'recover@example.com', password: PASSWORD, code: typed }, '10.2.0.4')).toMatchObject(
        {
          id: user.id,
        },
      );
      await expect(
        authorizeCredentials(t.db, { email: 'recover@example.com', password: PASSWORD, code: first }, '10.2.0.4'),
      ).rejects.toMatchObject(invalid);
      expect((await getSecondFactorStatus(user.id, t.db)).totp?.recoveryCodesLeft).toBe(9);
      const signIn = (await listAuditEvents(t.db, { actorUserId: user.id, action: 'auth.sign_in' })).events;
      expect(signIn[0]).toMatchObject({ details: { secondFactor: 'recovery_code' } });
      // Another person's recovery code opens nothing here.
      const other = await enrolled('other@example.com');
      await expect(
        authorizeCredentials(t.db, { email: 'recover@example.com', password: PASSWORD, code: other.recoveryCodes[0] }, '10.2.0.4'),
      ).rejects.toMatchObject(invalid);
    });

    it('counts wrong codes against the sign-in throttle, so codes cannot be guessed faster than passwords', async () => {
      const { secret } = await enrolled('guessed@example.com');
      const policy = { ...SIGN_IN_THROTTLE, baseDelayMs: 60_000 };
      for (let i = 0; i < SIGN_IN_THROTTLE.freePerPair; i++) {
        await expect(
          authorizeCredentials(t.db, { email: 'guessed@example.com', password: PASSWORD, code: wrongCode(secret, i) }, '10.2.0.5', policy),
        ).rejects.toMatchObject(invalid);
      }
      expect((await countRecentAttempts(t.db, { email: 'guessed@example.com', ip: '10.2.0.5' }, SIGN_IN_THROTTLE)).pair).toBe(5);
      // Now even the right code waits.
      await expect(
        authorizeCredentials(t.db, { email: 'guessed@example.com', password: PASSWORD, code: codeOf(secret, 1) }, '10.2.0.5', policy),
      ).rejects.toBeInstanceOf(SignInThrottledError);
    });

    it('signs in with the password and then a passkey of the person, once per challenge; a refused passkey counts as a failed attempt', async () => {
      const email = 'passkey-sign-in@example.com';
      const user = await createUser(t.db, { email, passwordHash: await hashPassword(PASSWORD, FAST) });
      const rp = relyingParty();
      const device = new SoftAuthenticator(rp);
      const options = await passkeyRegistrationOptions(t.db, user, rp);
      await verifyPasskeyRegistration(t.db, { user, name: 'Laptop', response: device.register(options.challenge) }, rp);
      const ip = '10.2.0.9';
      await expect(authorizeCredentials(t.db, { email, password: PASSWORD }, ip)).rejects.toMatchObject(required);

      const first = JSON.stringify(device.authenticate((await passkeySignInOptions(t.db, rp)).challenge));
      // The passkey without the right password opens nothing.
      expect(await authorizeCredentials(t.db, { email, password: 'wrong', passkey: first }, ip)).toBeNull();
      expect(await authorizeCredentials(t.db, { email, password: PASSWORD, passkey: first }, ip)).toMatchObject({ id: user.id });
      // The same answer again: its challenge was taken.
      await expect(authorizeCredentials(t.db, { email, password: PASSWORD, passkey: first }, ip)).rejects.toMatchObject(invalid);
      await expect(authorizeCredentials(t.db, { email, password: PASSWORD, passkey: 'not json' }, ip)).rejects.toMatchObject(invalid);
      expect((await countRecentAttempts(t.db, { email, ip }, SIGN_IN_THROTTLE)).pair).toBe(2);

      const events = (await listAuditEvents(t.db, { actorUserId: user.id })).events;
      expect(events.find((e) => e.action === 'auth.sign_in')?.details).toMatchObject({ secondFactor: 'passkey' });
    });
  });
}
