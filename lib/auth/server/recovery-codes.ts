import 'server-only';
import { createHash, randomInt } from 'node:crypto';

/**
 * Recovery codes: ten random codes shown once when a second factor is enrolled, each good for
 * one sign-in without the app. Ten characters from an alphabet without look-alikes (about 49
 * bits each, past guessing under the sign-in throttle), shown as `abcde-fghjk`. Only a sha256
 * bound to the person is stored: a code is random, so no slow hash is needed.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, LENGTH / 2)}-${chars.slice(LENGTH / 2)}`;
  });
}

/** The code as stored and compared: lower case, without spaces or hyphens; null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toLowerCase();
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** What the database holds of a (normalized) code: a copy moved to another person's rows matches nothing. */
export function hashRecoveryCode(userId: string, normalized: string): string {
  return createHash('sha256').update(`${userId}:${normalized}`).digest('hex');
}
