import * as z from '@/lib/validations/zod';

// Trim before checking the format, so a pasted address with a trailing space still works.
const emailField = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email({ message: 'Enter a valid email address' }));

/**
 * The browser's answer to a WebAuthn ceremony (@simplewebauthn/browser's JSON): its outer shape
 * is checked here, its contents by @simplewebauthn/server.
 */
const b64url = (max: number) =>
  z.string().check(z.maxLength(max, { message: 'The passkey answer is too long' }), z.regex(/^[A-Za-z0-9_-]*$/));
export const webauthnResponseSchema = z.looseObject({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: b64url(8192) }),
  clientExtensionResults: z.looseObject({}),
});

export const signInSchema = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, { message: 'Enter your password' }), z.maxLength(256, { message: 'Password is too long' })),
  /** The second factor's code (six digits or a recovery code), asked once the password is right. */
  code: z.optional(z.string().check(z.trim(), z.maxLength(32, { message: 'The code is too long' }))),
  /** Instead of the code: the passkey's answer (webauthnResponseSchema) as JSON, as next-auth carries strings. */
  passkey: z.optional(z.string().check(z.maxLength(32_768, { message: 'The passkey answer is too long' }))),
});
export type SignInInput = z.input<typeof signInSchema>;

/** The code step of a single sign-on interrupted for the second factor: no email or password, the sealed cookie says who. */
export const ssoSecondFactorSchema = z.object({
  sso: z.literal('1'),
  code: signInSchema.shape.code,
  passkey: signInSchema.shape.passkey,
});
export type SsoSecondFactorInput = z.input<typeof ssoSecondFactorSchema>;

/** Password rules for every password a person chooses (invitation, change, reset). */
export const PASSWORD_MIN_LENGTH = 12;
export const newPasswordSchema = z
  .string({ message: 'Enter a new password' })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, { message: `Use at least ${PASSWORD_MIN_LENGTH} characters` }),
    z.maxLength(256, { message: 'Password is too long' }),
  );

/** A password that is the account's email (in any case, with or without spaces around) is refused. */
export function passwordIsEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}
export const PASSWORD_IS_EMAIL_MESSAGE = 'Do not use your email address as the password';

/** A one-time token from a link: 32 random bytes in base64url. */
export const linkTokenSchema = z
  .string({ message: 'The link is incomplete' })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { message: 'The link is incomplete or altered' }));

/** The form of a page where someone chooses a password: twice, and not their email. */
export function choosePasswordSchema(email: string) {
  return z.object({ password: newPasswordSchema, confirm: z.string() }).check(
    z.superRefine((value, ctx) => {
      if (passwordIsEmail(value.password, email)) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_EMAIL_MESSAGE });
      if (value.confirm !== value.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The two passwords differ' });
    }),
  );
}
export type ChoosePasswordInput = z.infer<ReturnType<typeof choosePasswordSchema>>;

export const acceptInvitationSchema = z.object({ token: linkTokenSchema, password: z.optional(newPasswordSchema) });
/** "Forgot password?": the address a reset link is mailed to, if it has an account. */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ message: 'Enter your current password' })
    .check(z.minLength(1, { message: 'Enter your current password' }), z.maxLength(256, { message: 'Password is too long' })),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form: the request's fields plus the repeated new password. */
export function changePasswordFormSchema(email: string) {
  return z
    .object({ currentPassword: changePasswordSchema.shape.currentPassword, newPassword: newPasswordSchema, confirm: z.string() })
    .check(
      z.superRefine((value, ctx) => {
        if (passwordIsEmail(value.newPassword, email))
          ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_IS_EMAIL_MESSAGE });
        if (value.confirm !== value.newPassword) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The two passwords differ' });
      }),
    );
}
