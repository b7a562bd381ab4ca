import 'server-only';
import { PasswordHashingBusyError } from '@/lib/crypto/password';
import type { Db } from '@/lib/db';
import { releaseSignInAttempt } from '@/lib/db/repos/sign-in-attempts';
import { verifyCredentials } from '@/lib/db/repos/users';

/**
 * Checks a password under a sign-in attempt already reserved (sign-in, password change). When
 * too many checks are running the attempt is given back, since it is not the user's fault and
 * must not count as a failure, and the caller's `busy` error is thrown.
 */
export async function verifyReservedAttempt(
  db: Db,
  attempt: { attemptId: number; email: string; password: string; bucket: string },
  busy: () => Error,
): ReturnType<typeof verifyCredentials> {
  try {
    return await verifyCredentials(db, attempt.email, attempt.password, attempt.bucket);
  } catch (error) {
    if (error instanceof PasswordHashingBusyError) {
      await releaseSignInAttempt(db, attempt.attemptId);
      throw busy();
    }
    throw error;
  }
}
