/** What the account page shows of a person's second factor (never the secret). */
export type SecondFactorView = {
  totp: { enrolledAt: string; recoveryCodesLeft: number } | null;
  passkeys: PasskeyView[];
};

/** One passkey as the account page lists it. */
export type PasskeyView = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** Shown once, while setting up: the secret to type in and the URI the QR code carries. */
export type TotpEnrolmentView = { secret: string; uri: string };

/** The answer to a confirmed set-up: the recovery codes, shown this once. */
export type TotpConfirmedView = { recoveryCodes: string[]; status: SecondFactorView };
