import * as z from '@/lib/validations/zod';

/** The owner's address to e-mail a consent link to. */
export const mailLinkSchema = z.object({
  to: z.string().check(
    z.trim(),
    z.maxLength(254, 'The owner’s e-mail has at most 254 characters.'),
    z.refine((value) => z.email().safeParse(value).success, {
      message: 'The owner’s e-mail is not a valid address, such as owner@example.com.',
    }),
  ),
});
export type MailLinkInput = z.infer<typeof mailLinkSchema>;
