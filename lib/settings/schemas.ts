import * as z from '@/lib/validations/zod';
import { ROLES } from '@/lib/auth/permissions';

export const roleSchema = z.enum(ROLES, { message: 'Choose admin, manager or support' });

/**
 * API credentials of an organization. An empty secret on update keeps the stored one: the
 * secret is never sent back to the browser, so the form cannot prefill it.
 */
export const credentialsSchema = z
  .object({
    environment: z.enum(['embedded', 'custom'], { message: 'Choose the embedded sandbox or a custom base URL' }),
    baseUrl: z.optional(z.string().check(z.trim())),
    clientId: z
      .string()
      .check(z.trim(), z.minLength(1, { message: 'Enter the client id' }), z.maxLength(200, { message: 'At most 200 characters' })),
    clientSecret: z.optional(z.string().check(z.maxLength(500, { message: 'At most 500 characters' }))),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.environment !== 'custom') return;
      const parsed = z.url({ protocol: /^https?$/ }).safeParse(value.baseUrl ?? '');
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'Enter the API root as an http(s) URL, without /v1' });
    }),
  );
export type CredentialsInput = z.infer<typeof credentialsSchema>;

export const addMemberSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email({ message: 'Enter a valid email address' })),
  role: roleSchema,
});
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const changeRoleSchema = z.object({ role: roleSchema });

/** An admin's choice: whether the organization's admins and managers must have a second factor. */
export const secondFactorRequirementSchema = z.object({ required: z.boolean({ message: 'Choose whether a second factor is required' }) });
export type SecondFactorRequirementInput = z.infer<typeof secondFactorRequirementSchema>;
