import 'server-only';
import { AppError } from '@/lib/errors/app-error';
import type { Db } from '@/lib/db';
import { clearSignInPair } from '@/lib/db/repos/sign-in-attempts';
import { env } from '@/lib/env';
import { DIRECT_BUCKET } from './client-address';
import { reserveSignInAttempt, SIGN_IN_THROTTLE, throttleBucket } from './sign-in-throttle';
import { verifyReservedAttempt } from './verify-attempt';

type Attempt = { attemptId: number; bucket: string };

/**
 * Runs a check of something only the person should know (their password, a second factor's
 * code) as a sign-in attempt of their account from this address: a copied session guesses no
 * faster than the sign-in form allows. A pass clears the pair's failures; a miss stays counted.
 */
export async function throttledCheck<T>(
  db: Db,
  person: { email: string; ip: string | null },
  check: (attempt: Attempt) => Promise<T | null | undefined>,
  policy = SIGN_IN_THROTTLE,
): Promise<T | null> {
  const key = { email: person.email, ip: throttleBucket(person.ip ?? DIRECT_BUCKET, env().SIGN_IN_IPV6_PREFIX) };
  const verdict = await reserveSignInAttempt(db, key, policy);
  if (!verdict.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many wrong passwords or codes. Wait before trying again.', {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  const result = await check({ attemptId: verdict.attemptId, bucket: key.ip });
  if (result === null || result === undefined) return null;
  await clearSignInPair(db, key);
  return result;
}

/** Whether this is the person's current password, checked under an attempt reserved by throttledCheck. */
export async function passwordMatches(db: Db, user: { id: string; email: string }, password: string, attempt: Attempt): Promise<boolean> {
  const verified = await verifyReservedAttempt(
    db,
    { attemptId: attempt.attemptId, email: user.email, password, bucket: attempt.bucket },
    () => new AppError('RATE_LIMITED', 'The server is busy checking passwords. Try again in a moment.', { retryAfterSeconds: 1 }),
  );
  return verified?.id === user.id;
}
