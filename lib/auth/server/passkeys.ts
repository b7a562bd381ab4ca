import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '@/lib/db';
import { getPasskey, insertPasskey, listPasskeys, recordPasskeyUse, saveChallenge, takeChallenge } from '@/lib/db/repos/passkeys';
import { appUrl } from '@/lib/env';
import { logger } from '@/lib/ops/log';

/**
 * Passkeys (WebAuthn) as a second factor, with @simplewebauthn/server doing the cryptography.
 * This module adds what the library leaves to its caller: the relying party from APP_URL, the
 * challenges kept server-side (five minutes, taken by the first answer), the credential bound to
 * the person whose password was checked, and the signature counter moved in one statement.
 */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Who the browser must be talking to: APP_URL's host name and origin (never a request header). */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(url = appUrl()): RelyingParty {
  const parsed = new URL(url);
  return { id: parsed.hostname, origin: parsed.origin, name: 'Motorpool' };
}

/** Options for enrolling a new passkey; the person's existing ones are excluded (no duplicate on one device). */
export async function passkeyRegistrationOptions(
  db: Db,
  user: { id: string; email: string },
  rp: RelyingParty = relyingParty(),
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    // A passkey is a discoverable credential: sign-in asks for one without naming the account's keys.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await saveChallenge(
    db,
    { challenge: options.challenge, purpose: 'register', userId: user.id, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) },
    now,
  );
  return options;
}

/**
 * Checks the browser's answer to the enrolment options and stores the new passkey. The challenge
 * named in the answer is taken whether or not the rest holds: an answer is never tried twice.
 * Answers the new passkey's id, or null when the answer does not hold.
 */
export async function verifyPasskeyRegistration(
  db: Db,
  input: { user: { id: string }; name: string; response: RegistrationResponseJSON },
  rp: RelyingParty = relyingParty(),
  now = new Date(),
): Promise<string | null> {
  const { user } = input;
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: (challenge) => takeChallenge(db, { challenge, purpose: 'register', userId: user.id }, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verified.verified) return null;
    const { credential } = verified.registrationInfo;
    const stored = await insertPasskey(db, {
      id: credential.id,
      userId: user.id,
      name: input.name,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    return stored ? credential.id : null;
  } catch (error) {
    logger().info({ err: error }, 'passkey registration refused');
    return null;
  }
}

/** Options for signing in with a passkey, once the password was right; the person is not named here. */
export async function passkeySignInOptions(
  db: Db,
  rp: RelyingParty = relyingParty(),
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
  await saveChallenge(
    db,
    { challenge: options.challenge, purpose: 'sign_in', userId: null, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) },
    now,
  );
  return options;
}

/**
 * Checks a passkey's signature for the person whose password was just checked: the credential
 * must be theirs, the challenge one we handed out (and not yet answered), the origin and relying
 * party ours, and the signature counter past the one stored. True when all hold.
 */
export async function verifyPasskeySignIn(
  db: Db,
  input: { userId: string; response: AuthenticationResponseJSON },
  rp: RelyingParty = relyingParty(),
  now = new Date(),
): Promise<boolean> {
  const passkey = await getPasskey(db, input.response.id);
  if (!passkey || passkey.userId !== input.userId) return false;
  try {
    const verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: (challenge) => takeChallenge(db, { challenge, purpose: 'sign_in', userId: null }, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    if (!verified.verified) return false;
    return recordPasskeyUse(db, { id: passkey.id, from: passkey.counter, next: verified.authenticationInfo.newCounter }, now);
  } catch (error) {
    logger().info({ err: error }, 'passkey sign-in refused');
    return false;
  }
}
