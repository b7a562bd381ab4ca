import 'server-only';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) as every authenticator app reads them: SHA-1, six
 * digits, a 30-second step, a 160-bit secret in base32. The library does the arithmetic; this
 * module fixes the parameters and says which step a code belongs to, so that the caller can
 * refuse a step used before.
 */
const ISSUER = 'Motorpool';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
/** One step either side of now: a phone clock a little off, or a code typed as it turned. */
const WINDOW = 1;

const totpOf = (secret: string, label = 'Motorpool') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS });

/** A fresh shared secret, base32 (what a person types into an app that cannot scan). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/...` URI an app scans from the QR code; the label is the person's email. */
export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** Six digits, spaces and hyphens removed first (apps show `123 456`). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The step (count of 30-second periods since 1970) whose code this is, within one step of `now`; null when none matches. */
export function stepOfCode(secret: string, code: string, now: number = Date.now()): number | null {
  if (!isTotpCode(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
