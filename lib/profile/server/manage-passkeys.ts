import 'server-only';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { passkeyRegistrationOptions, passkeySignInOptions, verifyPasskeyRegistration } from '@/lib/auth/server/passkeys';
import { DIRECT_BUCKET } from '@/lib/auth/server/client-address';
import { throttleBucket } from '@/lib/auth/server/sign-in-throttle';
import { takePersonBudget, type PersonLimit } from '@/lib/bff/person-rate-limit';
import { getDb, type Db } from '@/lib/db';
import { deletePasskey, getPasskey } from '@/lib/db/repos/passkeys';
import { AppError } from '@/lib/errors/app-error';
import { env } from '@/lib/env';
import type { SecondFactorView } from '@/lib/profile/second-factor';
import { audit, getSecondFactorStatus, proveEnrolment, proveRemoval, type Person } from './manage-second-factor';

/**
 * Enrolling a passkey: after the current password (where the account has one: a borrowed
 * session must not add a factor that locks the owner out), the options for the browser, whose
 * challenge is kept server-side for five minutes.
 */
export async function startPasskeyEnrolment(
  input: Person & { password?: string },
  db: Db = getDb(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { user } = input;
  await proveEnrolment(db, input, 'passkey');
  return passkeyRegistrationOptions(db, user);
}

/** The browser's answer: the passkey is stored under the name the person gave it. */
export async function finishPasskeyEnrolment(
  input: Person & { name: string; response: RegistrationResponseJSON },
  db: Db = getDb(),
): Promise<SecondFactorView> {
  const id = await verifyPasskeyRegistration(db, { user: input.user, name: input.name, response: input.response });
  if (!id) {
    await audit(db, input, 'auth.second_factor_enrol_failed', 'failure', { method: 'passkey', reason: 'invalid_response' });
    throw new AppError('CONFLICT', 'The passkey could not be added (the request expired or was answered already). Start again.');
  }
  await audit(db, input, 'auth.second_factor_enrolled', 'success', { method: 'passkey', passkey: input.name });
  return getSecondFactorStatus(input.user.id, db);
}

/** Removes one of the person's passkeys, after the password or a current code from the app (or a recovery code). */
export async function removePasskey(
  input: Person & { id: string; code?: string; password?: string },
  db: Db = getDb(),
): Promise<SecondFactorView> {
  const { user } = input;
  const passkey = await getPasskey(db, input.id);
  if (!passkey || passkey.userId !== user.id) throw new AppError('NOT_FOUND', 'No such passkey on your account.');
  const proof = await proveRemoval(db, input, 'passkey');
  await deletePasskey(db, user.id, passkey.id);
  await audit(db, input, 'auth.second_factor_removed', 'success', { method: 'passkey', passkey: passkey.name, confirmedWith: proof });
  return getSecondFactorStatus(user.id, db);
}

/**
 * Per client (its address's sign-in throttle bucket, an IPv6 address by its /64): each call
 * stores a challenge row that lives five minutes, so one client keeps at most this many alive.
 * A person's sign-in asks once per try; the sign-in throttle itself allows 100 tries in 15 minutes.
 */
export const PASSKEY_SIGN_IN_OPTIONS_PER_CLIENT: PersonLimit = { name: 'passkey sign-in options client', limit: 30, windowMs: 5 * 60_000 };

/**
 * The sign-in form's passkey step: a challenge for whoever asks (the person is known once the
 * password is checked with the answer), limited per client address (`ip` as `clientIp` derives
 * it: a forged X-Forwarded-For counts only behind TRUST_PROXY_HOPS trusted proxies).
 */
export async function startPasskeySignIn(
  input: { ip: string | null; now?: Date },
  db: Db = getDb(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const bucket = input.ip ? throttleBucket(input.ip, env().SIGN_IN_IPV6_PREFIX) : DIRECT_BUCKET;
  await takePersonBudget(db, PASSKEY_SIGN_IN_OPTIONS_PER_CLIENT, bucket, (input.now ?? new Date()).getTime());
  return passkeySignInOptions(db);
}
