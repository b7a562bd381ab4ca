import type { ApiCredentialScope, Permission } from '@/lib/auth/permissions';

/** A new credential's rate when the form or the program says none (requests a minute). */
export const DEFAULT_RATE_PER_MINUTE = 120;

/** A console API credential as the settings panel lists it: never its secret nor the secret's hash. */
export type ApiCredentialView = {
  id: string;
  name: string;
  /** The visible start of the secret (`mp_` and 8 characters), to recognise it by. */
  prefix: string;
  scope: ApiCredentialScope;
  /** What the scope grants today (a preset follows the roles as they change). */
  permissions: Permission[];
  expiresAt: string | null;
  allowedAddresses: string[];
  ratePerMinute: number;
  createdByEmail: string;
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
  /**
   * As of the answer: a revoked one stays revoked, an expired one could only be replaced, and one
   * whose creator left the organization (or lost their account) is refused until they are back.
   */
  state: 'active' | 'expired' | 'revoked' | 'creator_left';
};

/** What creating one answers: the view, and the secret, this once. */
export type CreatedApiCredential = { credential: ApiCredentialView; secret: string };
