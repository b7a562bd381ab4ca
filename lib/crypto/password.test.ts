import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '@/lib/crypto/password';

describe('password hashing (scrypt)', () => {
  it('stores a self-describing scrypt string and verifies the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  });

  it('rejects a wrong password and salts every hash', async () => {
    const a = await hashPassword('same password');
    const b = await hashPassword('same password');
    expect(a).not.toBe(b);
    expect(await verifyPassword('same passwore', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('rejects malformed or absurd stored values without throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$10$abc')).toBe(false);
  });

  it('flags hashes made with weaker parameters', async () => {
    expect(needsRehash(await hashPassword('p', { N: 1024, r: 8, p: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('p'))).toBe(false);
  });
});
