import 'server-only';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from '@/lib/auth/server/recovery-codes';
import { getDb, type Db } from '@/lib/db';
import { hasConfirmedTotpOf, replaceRecoveryCodes } from '@/lib/db/repos/second-factors';
import { AppError } from '@/lib/errors/app-error';
import type { TotpConfirmedView } from '@/lib/profile/second-factor';
import { audit, getSecondFactorStatus, proveRemoval, type Person } from './manage-second-factor';

const NO_APP = () => new AppError('CONFLICT', 'No authenticator app is set up, so there are no recovery codes to renew.');

/**
 * New recovery codes without turning the app off: after the same proof as turning it off (a
 * current code, a recovery code or the password, throttled like sign-in), ten new codes replace
 * every earlier one at once, used or not, and are shown this once.
 */
export async function regenerateRecoveryCodes(
  input: Person & { code?: string; password?: string },
  db: Db = getDb(),
): Promise<TotpConfirmedView> {
  const { user } = input;
  if (!(await hasConfirmedTotpOf(db, user.id))) throw NO_APP();
  const proof = await proveRemoval(db, input, 'totp', 'auth.recovery_codes_regenerate_failed');
  const recoveryCodes = newRecoveryCodes();
  const hashes = recoveryCodes.map((c) => hashRecoveryCode(user.id, normalizeRecoveryCode(c)!));
  if (!(await replaceRecoveryCodes(db, user.id, hashes))) throw NO_APP();
  await audit(db, input, 'auth.recovery_codes_regenerated', 'success', { method: 'totp', confirmedWith: proof });
  return { recoveryCodes, status: await getSecondFactorStatus(user.id, db) };
}
