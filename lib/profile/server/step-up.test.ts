import { Secret, TOTP } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { STEP_UP_WINDOW_MS } from '@/lib/auth/dangerous-actions';
import { passkeyRegistrationOptions, passkeySignInOptions, relyingParty, verifyPasskeyRegistration } from '@/lib/auth/server/passkeys';
import { SoftAuthenticator } from '@/lib/auth/server/soft-authenticator.test-support';
import { hasFreshStepUp } from '@/lib/auth/server/step-up';
import { hashPassword } from '@/lib/crypto/password';
import { createOrganization } from '@/lib/db/repos/organizations';
import { recordSession, revokeSession } from '@/lib/db/repos/sessions';
import { createUser } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import type { Db } from '@/lib/db';
import type { StepUpInput } from '@/lib/profile/schemas';
import { confirmTotpEnrolment, startTotpEnrolment } from './manage-second-factor';
import { stepUp } from './step-up';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-2626');
vi.stubEnv('APP_URL', 'https://motorpool.example.com');
const RP = relyingParty('https://motorpool.example.com');
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const PASSWORD = 'a long enough password';
const FAST = { N: 2 ** 10, r: 8, p: 1 };
const HOUR = 3600_000;
const codeOf = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });

async function signIn(db: Db, userId: string, sid: string, at = new Date()) {
  await recordSession(db, { sid, userId, sessionVersion: 0, userAgent: null, ip: null, expiresAt: new Date(at.getTime() + 12 * HOUR) }, at);
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`step-up before dangerous actions, ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const person = async (email: string) => ({
      user: await createUser(t.db, { email, passwordHash: await hashPassword(PASSWORD, FAST) }),
      ip: '192.0.2.61',
    });
    const org = (slug: string) => createOrganization(t.db, { slug, name: slug, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });

    it('takes the password of a person without a second factor, for five minutes of this session in this organization only', async () => {
      const me = await person('stepper@example.com');
      const [fleet, other] = [await org('step-fleet'), await org('step-other')];
      await signIn(t.db, me.user.id, 'sid-laptop');
      await signIn(t.db, me.user.id, 'sid-phone');
      const now = new Date();
      const session = { sid: 'sid-laptop', userId: me.user.id, organizationId: fleet.id };
      expect(await hasFreshStepUp(t.db, session, now)).toBe(false);

      await expect(stepUp({ ...me, ...session, proof: { password: 'wrong' } }, t.db, now)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        body: { fields: [{ path: 'password', message: 'The password is wrong' }] },
      });
      expect(await hasFreshStepUp(t.db, session, now)).toBe(false);

      expect(await stepUp({ ...me, ...session, proof: { password: PASSWORD } }, t.db, now)).toEqual({
        method: 'password',
        until: new Date(now.getTime() + STEP_UP_WINDOW_MS).toISOString(),
      });
      expect(await hasFreshStepUp(t.db, session, now)).toBe(true);
      expect(await hasFreshStepUp(t.db, session, new Date(now.getTime() + STEP_UP_WINDOW_MS - 1))).toBe(true);
      expect(await hasFreshStepUp(t.db, session, new Date(now.getTime() + STEP_UP_WINDOW_MS))).toBe(false);

      // Another session of the same person, the same session in another organization: nothing carried.
      expect(await hasFreshStepUp(t.db, { ...session, sid: 'sid-phone' }, now)).toBe(false);
      expect(await hasFreshStepUp(t.db, { ...session, organizationId: other.id }, now)).toBe(false);
    });

    it('never records a proof on another person’s session, and none outlives its session', async () => {
      const victim = await person('victim@example.com');
      const attacker = await person('attacker@example.com');
      const fleet = await org('step-victim');
      await signIn(t.db, victim.user.id, 'sid-victim');
      await signIn(t.db, attacker.user.id, 'sid-attacker');
      const now = new Date();
      // The attacker's own password, aimed at the victim's session id: refused, nothing recorded.
      await expect(
        stepUp({ ...attacker, sid: 'sid-victim', organizationId: fleet.id, proof: { password: PASSWORD } }, t.db, now),
      ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(await hasFreshStepUp(t.db, { sid: 'sid-victim', userId: victim.user.id, organizationId: fleet.id }, now)).toBe(false);
      // A proof on the attacker's own session does not count for a token naming the victim with that sid.
      await stepUp({ ...attacker, sid: 'sid-attacker', organizationId: fleet.id, proof: { password: PASSWORD } }, t.db, now);
      expect(await hasFreshStepUp(t.db, { sid: 'sid-attacker', userId: victim.user.id, organizationId: fleet.id }, now)).toBe(false);
      expect(await hasFreshStepUp(t.db, { sid: 'sid-attacker', userId: attacker.user.id, organizationId: fleet.id }, now)).toBe(true);
      // Signing out takes the proof with the session.
      await revokeSession(t.db, { sid: 'sid-attacker', userId: attacker.user.id, expiresAt: new Date(now.getTime() + HOUR) });
      expect(await hasFreshStepUp(t.db, { sid: 'sid-attacker', userId: attacker.user.id, organizationId: fleet.id }, now)).toBe(false);
    });

    it('asks a person with an authenticator app for a code, never the password, and takes each code once', async () => {
      const me = await person('stepper-totp@example.com');
      const fleet = await org('step-totp');
      const { secret } = await startTotpEnrolment({ ...me, password: PASSWORD }, t.db);
      const { recoveryCodes } = await confirmTotpEnrolment({ ...me, code: codeOf(secret) }, t.db);
      await signIn(t.db, me.user.id, 'sid-totp');
      const session = { sid: 'sid-totp', organizationId: fleet.id };

      await expect(stepUp({ ...me, ...session, proof: { password: PASSWORD } }, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'code', message: expect.stringContaining('second factor') }] },
      });
      // The code that confirmed the app is spent already.
      await expect(stepUp({ ...me, ...session, proof: { code: codeOf(secret) } }, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'code', message: 'That code is wrong or was used already' }] },
      });
      expect(await stepUp({ ...me, ...session, proof: { code: recoveryCodes[0] } }, t.db)).toMatchObject({ method: 'recovery_code' });
      await expect(stepUp({ ...me, ...session, proof: { code: recoveryCodes[0] } }, t.db)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      expect(await hasFreshStepUp(t.db, { ...session, userId: me.user.id })).toBe(true);
    });

    it('takes a passkey’s answer to a fresh challenge once, and not the password of a person who has one', async () => {
      const me = await person('stepper-passkey@example.com');
      const fleet = await org('step-passkey');
      const device = new SoftAuthenticator(RP);
      const enrolment = await passkeyRegistrationOptions(t.db, me.user, RP);
      await verifyPasskeyRegistration(t.db, { user: me.user, name: 'Laptop', response: device.register(enrolment.challenge) }, RP);
      await signIn(t.db, me.user.id, 'sid-passkey');
      const session = { sid: 'sid-passkey', organizationId: fleet.id };
      await expect(stepUp({ ...me, ...session, proof: { password: PASSWORD } }, t.db)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      const { challenge } = await passkeySignInOptions(t.db, RP);
      const answer = device.authenticate(challenge) as unknown as NonNullable<StepUpInput['passkey']>;
      expect(await stepUp({ ...me, ...session, proof: { passkey: answer } }, t.db)).toMatchObject({ method: 'passkey' });
      // The challenge was taken by the first answer: the same answer again proves nothing.
      await expect(stepUp({ ...me, ...session, proof: { passkey: answer } }, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'passkey', message: 'That passkey was not accepted. Try again.' }] },
      });
    });

    it('counts wrong proofs as failed sign-ins of the account from that address: past five, even the right one waits', async () => {
      const me = await person('stepper-guess@example.com');
      const fleet = await org('step-guess');
      await signIn(t.db, me.user.id, 'sid-guess');
      const session = { sid: 'sid-guess', organizationId: fleet.id };
      for (let guess = 0; guess < 5; guess += 1) {
        await expect(stepUp({ ...me, ...session, proof: { password: `guess-${guess}` } }, t.db)).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
        });
      }
      await expect(stepUp({ ...me, ...session, proof: { password: PASSWORD } }, t.db)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      expect(await hasFreshStepUp(t.db, { ...session, userId: me.user.id })).toBe(false);
    });

    it('refuses a passkey answer from a person without a passkey', async () => {
      const me = await person('stepper-nokey@example.com');
      const fleet = await org('step-nokey');
      await signIn(t.db, me.user.id, 'sid-nokey');
      const passkey = {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key' as const,
        response: { clientDataJSON: 'e30' },
        clientExtensionResults: {},
      };
      await expect(stepUp({ ...me, sid: 'sid-nokey', organizationId: fleet.id, proof: { passkey } }, t.db)).rejects.toMatchObject({
        body: { fields: [{ path: 'passkey', message: 'No passkey is set up on your account' }] },
      });
    });
  });
}
