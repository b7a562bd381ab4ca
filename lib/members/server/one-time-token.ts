import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/**
 * A one-time link token (invitations, password resets): 32 random bytes in base64url. Only its
 * sha256 is stored, so a copy of the database opens no link.
 */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
