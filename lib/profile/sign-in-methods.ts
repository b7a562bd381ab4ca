/** What the account page shows of the ways a person signs in (never a hash or a subject). */
export type SignInMethodsView = {
  /** Null without a password. `setByLink`: chosen through an invitation or reset link, not proved since. */
  password: { setByLink: boolean } | null;
  sso: { id: string; issuer: string; email: string; linkedAt: string; lastUsedAt: string | null }[];
  /** Whether single sign-on is configured, so one may be linked. */
  ssoAvailable: boolean;
};
