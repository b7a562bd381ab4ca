import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';
import { newTotpSecret, otpauthUri, stepOfCode } from './totp';

// RFC 6238's reference secret ("12345678901234567890") and its SHA-1 vector at 59 s: 94287082 (8 digits), 287082 (6).
const RFC_SECRET = Secret.fromUTF8('12345678901234567890').base32;
const codeAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe('TOTP', () => {
  it('matches the RFC 6238 test vector and names the step of the code', () => {
    expect(codeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(stepOfCode(RFC_SECRET, '287082', 59_000)).toBe(1);
  });

  it('takes a code of the step before or after now (clock drift), and refuses older or later ones', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(stepOfCode(secret, codeAt(secret, now), now)).toBe(step);
    expect(stepOfCode(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(stepOfCode(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(stepOfCode(secret, codeAt(secret, now - 60_000), now)).toBeNull();
    expect(stepOfCode(secret, codeAt(secret, now + 60_000), now)).toBeNull();
  });

  it('refuses what is not six digits, and a code of another secret', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const code = codeAt(secret, now);
    expect(stepOfCode(secret, `${code}0`, now)).toBeNull();
    expect(stepOfCode(secret, 'abcdef', now)).toBeNull();
    expect(stepOfCode(newTotpSecret(), code, now)).toBeNull();
  });

  it('makes a 160-bit secret and the URI authenticator apps scan', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'pilot@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Motorpool:pilot@example.com');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      issuer: 'Motorpool',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes that read back the same however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(normalizeRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(code.replace('-', ''));
    }
    expect(normalizeRecoveryCode('123456')).toBeNull();
    expect(normalizeRecoveryCode('abcde-fghi1')).toBeNull();
  });

  it('stores a hash bound to the person: the same code of another person does not match', () => {
    expect(hashRecoveryCode('user-a', 'abcdefghjk')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('user-a', 'abcdefghjk')).not.toBe(hashRecoveryCode('user-b', 'abcdefghjk'));
  });
});
