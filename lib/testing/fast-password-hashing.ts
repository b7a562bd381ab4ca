import { setTestScryptCost, type ScryptParams } from '@/lib/crypto/password';

/**
 * What every unit test file hashes new passwords at (a setup file, vitest.config.mts); the tests of
 * the cost itself (lib/crypto/password.test.ts, the rehash test in lib/auth/sign-in.test.ts) put
 * OWASP's back. Above the 2^10 the tests store their users with, so those are still rehashed on sign-in.
 */
export const TEST_SCRYPT_COST: ScryptParams = { N: 2 ** 11, r: 8, p: 1 };

setTestScryptCost(TEST_SCRYPT_COST);
