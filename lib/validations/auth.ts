import * as z from './zod';

export const signInSchema = z.object({
  // Trim before checking the format, so a pasted address with a trailing space still works.
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email({ message: 'Enter a valid email address' })),
  password: z.string().check(z.minLength(1, { message: 'Enter your password' }), z.maxLength(256, { message: 'Password is too long' })),
});
export type SignInInput = z.input<typeof signInSchema>;
