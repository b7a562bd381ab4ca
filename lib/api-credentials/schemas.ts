import * as z from '@/lib/validations/zod';
import { API_CREDENTIAL_SCOPES, PERMISSIONS } from '@/lib/auth/permissions';

export const MAX_ALLOWED_ADDRESSES = 20;

/** `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`: an address or a CIDR block with a fitting prefix length. */
const addressOrCidr = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
export const isAddressOrCidr = (value: string): boolean => z.safeParse(addressOrCidr, value).success;

/** What an admin sends to create a console API credential (the form and the route share it). */
export const createApiCredentialSchema = z
  .object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { message: 'Name the credential (what runs with it)' }),
        z.maxLength(80, { message: 'At most 80 characters' }),
      ),
    scope: z.enum(API_CREDENTIAL_SCOPES, { message: 'Choose read-only, manager actions or a custom list' }),
    permissions: z.optional(z.array(z.enum(PERMISSIONS, { message: 'Not a permission' }))),
    /** When the credential stops working; absent or null: it does not expire. */
    expiresAt: z.optional(z.nullable(z.iso.datetime({ offset: true, message: 'Enter the expiry as an ISO date and time' }))),
    allowedAddresses: z.optional(
      z
        .array(
          z
            .string()
            .check(
              z.trim(),
              z.refine(isAddressOrCidr, { message: 'Enter an IPv4 or IPv6 address, or a CIDR block such as 203.0.113.0/24' }),
            ),
        )
        .check(z.maxLength(MAX_ALLOWED_ADDRESSES, { message: `At most ${MAX_ALLOWED_ADDRESSES} addresses` })),
    ),
    ratePerMinute: z.optional(
      z
        .number({ message: 'Enter a number of requests a minute' })
        .check(
          z.int({ message: 'Enter a whole number' }),
          z.minimum(1, { message: 'At least 1 request a minute' }),
          z.maximum(6000, { message: 'At most 6000 requests a minute' }),
        ),
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.scope === 'custom' && (value.permissions ?? []).length === 0) {
        ctx.addIssue({ code: 'custom', path: ['permissions'], message: 'Choose at least one permission for a custom scope' });
      }
      if (value.expiresAt && Date.parse(value.expiresAt) <= Date.now()) {
        ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'Choose an expiry in the future' });
      }
    }),
  );
export type CreateApiCredentialInput = z.infer<typeof createApiCredentialSchema>;

export const apiCredentialParamsSchema = z.object({ org: z.string(), credentialId: z.uuid({ message: 'Not a valid credential id' }) });
