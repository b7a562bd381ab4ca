import 'server-only';
import type { Db } from '@/lib/db';
import { claimTotpStep, getTotpCredential, redeemRecoveryCode } from '@/lib/db/repos/second-factors';
import { hashRecoveryCode, normalizeRecoveryCode } from './recovery-codes';
import { isTotpCode, stepOfCode } from './totp';

export type SecondFactorMethod = 'totp' | 'recovery_code';

/**
 * Checks a code the person typed against their confirmed second factor and uses it up: a TOTP
 * code takes its step (that step and every earlier one are refused from then on), a recovery
 * code is marked used. Answers how it was proved, or null for a wrong, reused or stale code.
 */
export async function redeemSecondFactorCode(
  db: Db,
  userId: string,
  input: string,
  now: number = Date.now(),
): Promise<SecondFactorMethod | null> {
  const code = input.replace(/[\s-]/g, '');
  if (isTotpCode(code)) {
    const credential = await getTotpCredential(db, userId);
    if (!credential?.confirmedAt) return null;
    const step = stepOfCode(credential.secret, code, now);
    return step !== null && (await claimTotpStep(db, userId, step)) ? 'totp' : null;
  }
  const recovery = normalizeRecoveryCode(code);
  return recovery && (await redeemRecoveryCode(db, userId, hashRecoveryCode(userId, recovery))) ? 'recovery_code' : null;
}
