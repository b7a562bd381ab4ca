import * as z from '@/lib/validations/zod';

/**
 * The Vehicle API's webhook signing secret as its portal shows it (`whsec_` and base64), or null
 * to stop accepting events. Write-only: the browser never receives it back.
 */
export const webhookSecretSchema = z.object({
  secret: z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^whsec_[A-Za-z0-9+/]{22,}={0,2}$/, { message: 'Paste the signing secret as the portal shows it: whsec_ then base64' }),
        z.maxLength(300, { message: 'At most 300 characters' }),
      ),
  ),
});
export type WebhookSecretInput = z.infer<typeof webhookSecretSchema>;

/** Whether command outcomes are also asked of the upstream (polling), or come from events only. */
export const commandPollingSchema = z.object({ enabled: z.boolean() });
export type CommandPollingInput = z.infer<typeof commandPollingSchema>;
