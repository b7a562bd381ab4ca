import { z } from 'zod';

export const ROLES = ['admin', 'manager', 'support'] as const;
export const roleSchema = z.enum(ROLES, { message: 'Choose admin, manager or support' });

/**
 * API credentials of an organization. An empty secret on update keeps the stored one: the
 * secret is never sent back to the browser, so the form cannot prefill it.
 */
export const credentialsSchema = z
  .object({
    environment: z.enum(['embedded', 'custom'], { message: 'Choose the embedded sandbox or a custom base URL' }),
    baseUrl: z.string().trim().optional(),
    clientId: z.string().trim().min(1, { message: 'Enter the client id' }).max(200, { message: 'At most 200 characters' }),
    clientSecret: z.string().max(500, { message: 'At most 500 characters' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.environment !== 'custom') return;
    const parsed = z.url({ protocol: /^https?$/ }).safeParse(value.baseUrl ?? '');
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'Enter the API root as an http(s) URL, without /v1' });
  });
export type CredentialsInput = z.infer<typeof credentialsSchema>;

export const addMemberSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address' })),
  role: roleSchema,
});
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const changeRoleSchema = z.object({ role: roleSchema });
