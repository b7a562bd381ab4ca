import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { getPasskey } from '@/lib/db/repos/passkeys';
import { hasSecondFactor } from '@/lib/db/repos/second-factors';
import { createUser } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import {
  CHALLENGE_TTL_MS,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  relyingParty,
  verifyPasskeyRegistration,
  verifyPasskeySignIn,
} from './passkeys';
import { b64, SoftAuthenticator } from './soft-authenticator.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-2627');
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const RP = relyingParty('https://motorpool.example.com');
for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`passkeys, ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    /** A person with one passkey enrolled; answers the person and the authenticator. */
    async function enrolled(email: string) {
      const user = await createUser(t.db, { email });
      const device = new SoftAuthenticator(RP);
      const options = await passkeyRegistrationOptions(t.db, user, RP);
      expect(await verifyPasskeyRegistration(t.db, { user, name: 'Laptop', response: device.register(options.challenge) }, RP)).toBe(
        b64(device.id),
      );
      return { user, device };
    }

    it('enrols from options whose relying party is APP_URL, and the passkey counts as a second factor', async () => {
      const user = await createUser(t.db, { email: 'enrol-passkey@example.com' });
      const options = await passkeyRegistrationOptions(t.db, user, RP);
      expect(options.rp).toEqual({ id: 'motorpool.example.com', name: 'Motorpool' });
      expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
      expect(await hasSecondFactor(t.db, user.id)).toBe(false);
      const device = new SoftAuthenticator(RP);
      await verifyPasskeyRegistration(t.db, { user, name: 'Phone', response: device.register(options.challenge) }, RP);
      expect(await hasSecondFactor(t.db, user.id)).toBe(true);
      expect(await getPasskey(t.db, b64(device.id))).toMatchObject({ userId: user.id, name: 'Phone', counter: 0 });
      // A second enrolment excludes the key already there.
      const again = await passkeyRegistrationOptions(t.db, user, RP);
      expect(again.excludeCredentials).toEqual([expect.objectContaining({ id: b64(device.id) })]);
    });

    it('takes an enrolment challenge once, only for the person it was made for, and refuses another origin', async () => {
      const user = await createUser(t.db, { email: 'challenge-once@example.com' });
      const other = await createUser(t.db, { email: 'challenge-other@example.com' });
      const options = await passkeyRegistrationOptions(t.db, user, RP);
      const device = new SoftAuthenticator(RP);
      // Another person cannot answer this person's challenge (and the attempt does not spend it).
      expect(
        await verifyPasskeyRegistration(t.db, { user: other, name: 'x', response: device.register(options.challenge) }, RP),
      ).toBeNull();
      const answer = device.register(options.challenge);
      expect(await verifyPasskeyRegistration(t.db, { user, name: 'Key', response: answer }, RP)).not.toBeNull();
      // The same answer again: the challenge is gone.
      const second = new SoftAuthenticator(RP);
      expect(await verifyPasskeyRegistration(t.db, { user, name: 'Key 2', response: second.register(options.challenge) }, RP)).toBeNull();

      const fresh = await passkeyRegistrationOptions(t.db, user, RP);
      const phished = second.register(fresh.challenge, 'https://motorpool.example.com.evil.test');
      expect(await verifyPasskeyRegistration(t.db, { user, name: 'Evil', response: phished }, RP)).toBeNull();
      // The refused answer spent its challenge too.
      expect(await verifyPasskeyRegistration(t.db, { user, name: 'Late', response: second.register(fresh.challenge) }, RP)).toBeNull();
      const otherRp = await passkeyRegistrationOptions(t.db, user, RP);
      expect(
        await verifyPasskeyRegistration(
          t.db,
          { user, name: 'RP', response: second.register(otherRp.challenge, RP.origin, 'evil.test') },
          RP,
        ),
      ).toBeNull();
    });

    it('signs in once per challenge, with the counter moving on; a wrong origin, an old counter or a stale challenge is refused', async () => {
      const { user, device } = await enrolled('sign-in-passkey@example.com');
      const now = new Date();
      const { challenge } = await passkeySignInOptions(t.db, RP, now);
      const answer = device.authenticate(challenge);
      expect(await verifyPasskeySignIn(t.db, { userId: user.id, response: answer }, RP)).toBe(true);
      expect(await getPasskey(t.db, b64(device.id))).toMatchObject({ counter: 1, lastUsedAt: expect.any(Date) });
      // Replayed: the challenge was taken.
      expect(await verifyPasskeySignIn(t.db, { userId: user.id, response: answer }, RP)).toBe(false);

      const second = await passkeySignInOptions(t.db, RP);
      expect(
        await verifyPasskeySignIn(
          t.db,
          { userId: user.id, response: device.authenticate(second.challenge, { origin: 'https://evil.test' }) },
          RP,
        ),
      ).toBe(false);

      // A copy of the key whose counter lags behind the one stored (1) is refused.
      const third = await passkeySignInOptions(t.db, RP);
      expect(await verifyPasskeySignIn(t.db, { userId: user.id, response: device.authenticate(third.challenge, { counter: 1 }) }, RP)).toBe(
        false,
      );

      // A challenge never handed out, and one past its five minutes.
      expect(await verifyPasskeySignIn(t.db, { userId: user.id, response: device.authenticate(b64(randomBytes(32))) }, RP)).toBe(false);
      const old = await passkeySignInOptions(t.db, RP, new Date(Date.now() - CHALLENGE_TTL_MS - 1000));
      expect(await verifyPasskeySignIn(t.db, { userId: user.id, response: device.authenticate(old.challenge) }, RP)).toBe(false);

      const last = await passkeySignInOptions(t.db, RP);
      expect(await verifyPasskeySignIn(t.db, { userId: user.id, response: device.authenticate(last.challenge) }, RP)).toBe(true);
    });

    it('refuses a passkey of someone else after this person’s password', async () => {
      const { device } = await enrolled('owner-passkey@example.com');
      const victim = await createUser(t.db, { email: 'victim-passkey@example.com' });
      const { challenge } = await passkeySignInOptions(t.db, RP);
      expect(await verifyPasskeySignIn(t.db, { userId: victim.id, response: device.authenticate(challenge) }, RP)).toBe(false);
    });
  });
}
