import { z } from 'zod';

export const signInSchema = z.object({
  // Trim before checking the format, so a pasted address with a trailing space still works.
  email: z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address' })),
  password: z.string().min(1, { message: 'Enter your password' }).max(256, { message: 'Password is too long' }),
});
export type SignInInput = z.input<typeof signInSchema>;
