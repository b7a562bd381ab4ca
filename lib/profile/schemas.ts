import * as z from '@/lib/validations/zod';
import { webauthnResponseSchema } from '@/lib/auth/schemas';
import { DEFAULT_PREFERENCES, DISTANCE_UNITS, PRESSURE_UNITS, TEMPERATURE_UNITS, type Preferences } from '@/lib/format/preferences';

/** A time zone the runtime knows (`Europe/Paris`, `UTC`), or empty for the browser's own. */
function isTimeZone(value: string): boolean {
  if (value === '') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const preferencesSchema = z.object({
  distance: z.enum(DISTANCE_UNITS, { message: 'Choose km or miles' }),
  temperature: z.enum(TEMPERATURE_UNITS, { message: 'Choose °C or °F' }),
  pressure: z.enum(PRESSURE_UNITS, { message: 'Choose kPa or psi' }),
  timeZone: z
    .string()
    .check(z.maxLength(64, { message: 'Not a known time zone' }), z.refine(isTimeZone, { message: 'Not a known time zone' })),
});

/** What the database holds, read tolerantly: a missing or unreadable field takes its default. */
export function readPreferences(stored: unknown): Preferences {
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const pick = <K extends keyof Preferences>(key: K): Preferences[K] => {
    const field = preferencesSchema.shape[key];
    const parsed = z.safeParse(field, record[key]);
    return parsed.success ? (parsed.data as Preferences[K]) : DEFAULT_PREFERENCES[key];
  };
  return { distance: pick('distance'), temperature: pick('temperature'), pressure: pick('pressure'), timeZone: pick('timeZone') };
}

const CODE_HINT = 'Enter the 6-digit code your app shows';
/** Six digits as an app shows them, with or without the space in the middle. */
const totpCodeSchema = z.string({ message: CODE_HINT }).check(z.trim(), z.regex(/^\d{3} ?\d{3}$/, { message: CODE_HINT }));

/** Setting up an authenticator app starts with the current password (a borrowed session cannot lock the owner out). */
export const startTotpSchema = z.object({
  password: z.optional(z.string().check(z.maxLength(256, { message: 'Password is too long' }))),
});
export type StartTotpInput = z.infer<typeof startTotpSchema>;

/** The first code from the app confirms that it holds the secret. */
export const confirmTotpSchema = z.object({ code: totpCodeSchema });
export type ConfirmTotpInput = z.infer<typeof confirmTotpSchema>;

/** Removing the app, or renewing its recovery codes: a current code (or a recovery code), or the password. */
export const removeTotpSchema = z
  .object({
    code: z.optional(z.string().check(z.trim(), z.maxLength(32, { message: 'The code is too long' }))),
    password: z.optional(z.string().check(z.maxLength(256, { message: 'Password is too long' }))),
  })
  .check(
    z.refine((value) => Boolean(value.code || value.password), {
      path: ['code'],
      message: 'Enter a code from your app, a recovery code, or your password',
    }),
  );
export type RemoveTotpInput = z.infer<typeof removeTotpSchema>;

/** The session a person ends from "Where you're signed in" (its public id, never the token's). */
export const sessionParamsSchema = z.object({ id: z.uuid({ message: 'Not a valid session id' }) });

/** One sign-in method to remove: the password, or a single sign-on identity by its id. */
export const removeSignInMethodSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password') }),
  z.object({ method: z.literal('sso'), id: z.uuid({ message: 'Not a sign-in method of this account' }) }),
]);
export type RemoveSignInMethodInput = z.infer<typeof removeSignInMethodSchema>;

/** Enrolling a passkey starts, like the app, with the password where the account has one. */
export const passkeyOptionsSchema = z.object({ password: startTotpSchema.shape.password });

export const PASSKEY_NAME_MAX = 60;
export const passkeyNameSchema = z
  .string({ message: 'Name the passkey' })
  .check(
    z.trim(),
    z.minLength(1, { message: 'Name the passkey (for example, the device it is on)' }),
    z.maxLength(PASSKEY_NAME_MAX, { message: `Use at most ${PASSKEY_NAME_MAX} characters` }),
  );

/** The account page's form: a name for the passkey, and the password where the account has one. */
export const addPasskeySchema = z.object({ name: passkeyNameSchema, password: passkeyOptionsSchema.shape.password });
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

export const registerPasskeySchema = z.object({ name: passkeyNameSchema, response: webauthnResponseSchema });

/** Removing a passkey: the password, or a current code from the app (or a recovery code). */
export const removePasskeySchema = z
  .object({
    id: z.string().check(z.minLength(1), z.maxLength(1024, { message: 'Not a passkey of yours' })),
    code: removeTotpSchema.shape.code,
    password: removeTotpSchema.shape.password,
  })
  .check(
    z.refine((value) => Boolean(value.code || value.password), {
      path: ['password'],
      message: 'Enter your password, or a code from your app',
    }),
  );
export type RemovePasskeyInput = z.infer<typeof removePasskeySchema>;

/** Asking for a sign-in challenge carries nothing. */
export const passkeySignInOptionsSchema = z.object({});

/** A step-up before a dangerous action: a code (or a recovery code), a passkey's answer, or the password where the account has no second factor. */
export const stepUpSchema = z
  .object({
    code: removeTotpSchema.shape.code,
    password: removeTotpSchema.shape.password,
    passkey: z.optional(webauthnResponseSchema),
  })
  .check(
    z.refine((value) => Boolean(value.code || value.password || value.passkey), {
      path: ['code'],
      message: 'Enter a code from your app, a recovery code, or your password',
    }),
  );
export type StepUpInput = z.infer<typeof stepUpSchema>;
