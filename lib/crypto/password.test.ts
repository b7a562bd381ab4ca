import { beforeAll, describe, expect, it } from 'vitest';
import {
  HASH_CONCURRENCY,
  HASH_PER_OWNER,
  HASH_QUEUE,
  hashPassword,
  needsRehash,
  PasswordHashingBusyError,
  passwordHashesInProgress,
  SCRYPT_DEFAULTS,
  setTestScryptCost,
  verifyPassword,
} from '@/lib/crypto/password';

/** Cheap parameters for the tests that hash many times; the defaults are tested once. */
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing (scrypt)', () => {
  // The other test files hash at a low cost (lib/testing/fast-password-hashing.ts); these test the real one.
  beforeAll(() => setTestScryptCost(SCRYPT_DEFAULTS));

  it("hashes at OWASP's minimum (N=2^17, r=8, p=1) by default, the parameters stored in the string", async () => {
    expect(SCRYPT_DEFAULTS).toEqual({ N: 131072, r: 8, p: 1 });
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(false);
  });

  it('still verifies hashes of the previous parameters (N=2^15) and flags them for rehashing', async () => {
    const old = await hashPassword('an older password', { N: 2 ** 15, r: 8, p: 1 });
    expect(old).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('an older password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('rejects a wrong password and salts every hash', async () => {
    const a = await hashPassword('same password', FAST);
    const b = await hashPassword('same password', FAST);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same passwore', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('rejects malformed or absurd stored values without throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$10$abc')).toBe(false);
  });

  it('runs a bounded number of hashes at once and refuses beyond a bounded queue', async () => {
    const stored = await hashPassword('p', FAST);
    let peak = 0;
    const sample = setInterval(() => (peak = Math.max(peak, passwordHashesInProgress())), 1);
    const total = HASH_CONCURRENCY + HASH_QUEUE + 10;
    const results = await Promise.allSettled(Array.from({ length: total }, () => verifyPassword('p', stored)));
    clearInterval(sample);
    const busy = results.filter((r) => r.status === 'rejected' && r.reason instanceof PasswordHashingBusyError);
    expect(busy).toHaveLength(10);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(HASH_CONCURRENCY + HASH_QUEUE);
    expect(peak).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(passwordHashesInProgress()).toBe(0);
  });

  it('keeps a place for everyone else while one address floods the queue', async () => {
    const stored = await hashPassword('p', FAST);
    const flood = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE + 10 }, () => verifyPassword('p', stored, '203.0.113.9'));
    // Started while the flood holds its places: another address's check still gets one.
    const other = verifyPassword('p', stored, '198.51.100.1');
    const results = await Promise.allSettled(flood);
    expect(await other).toBe(true);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(HASH_PER_OWNER);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof PasswordHashingBusyError)).toHaveLength(
      results.length - HASH_PER_OWNER,
    );
    // Places are given back: the address may check again once its checks finished.
    expect(await verifyPassword('p', stored, '203.0.113.9')).toBe(true);
    expect(passwordHashesInProgress()).toBe(0);
  });
});
