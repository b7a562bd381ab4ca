import * as z from '@/lib/validations/zod';

/** An endpoint as the form sends it; the server checks the address further (lib/notifications/server/webhook-target.ts). */
export const webhookEndpointInputSchema = z.strictObject({
  url: z.string().check(
    z.trim(),
    z.minLength(1, 'Enter the endpoint’s URL'),
    z.maxLength(2000, 'A URL has at most 2000 characters'),
    z.refine((value) => /^https?:\/\//i.test(value), 'Enter an https:// URL'),
  ),
  description: z.string().check(z.trim(), z.maxLength(200, 'A description has at most 200 characters')),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

/** Changing an endpoint: its address and description, or switching it on or off. */
export const webhookEndpointPatchSchema = z.union([webhookEndpointInputSchema, z.strictObject({ enabled: z.boolean('Choose on or off') })]);
export type WebhookEndpointPatch = z.infer<typeof webhookEndpointPatchSchema>;

export const webhookEndpointParamsSchema = z.object({ org: z.string(), endpointId: z.uuid({ message: 'Not a valid endpoint id' }) });
export const webhookDeliveryParamsSchema = z.object({
  org: z.string(),
  endpointId: z.uuid({ message: 'Not a valid endpoint id' }),
  deliveryId: z.uuid({ message: 'Not a valid delivery id' }),
});
