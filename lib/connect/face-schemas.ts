import * as z from '@/lib/validations/zod';
import { MAX_LOGO_BYTES } from './logo-check';

const PHONE = /^\+?[0-9][0-9 ()./-]{3,28}[0-9]$/;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** An optional text field of the form: trimmed, empty meaning "not set". */
const optional = (max: number, tooLong: string) => z.string().check(z.trim(), z.maxLength(max, tooLong));

/**
 * What owners see of the organization (Settings, organization's face). The logo travels as base64
 * in the JSON body: a new image, null to remove it, absent to keep it. Its bytes are checked on the
 * server (lib/connect/logo-check.ts); the length here only keeps an oversized body out early.
 */
export const ownerFaceSchema = z.object({
  displayName: optional(80, 'The display name has at most 80 characters.').check(
    z.regex(/^[^\u0000-\u001f\u007f]*$/, 'The display name is one line, without control characters.'),
  ),
  supportEmail: optional(254, 'The support e-mail has at most 254 characters.').check(
    z.refine((value) => value === '' || z.email().safeParse(value).success, {
      message: 'The support e-mail is not a valid address, such as fleet@example.com.',
    }),
  ),
  supportPhone: optional(30, 'The support phone has at most 30 characters.').check(
    z.refine((value) => value === '' || PHONE.test(value), {
      message: 'The support phone has digits and may have spaces, + ( ) . / -, such as +49 30 1234567.',
    }),
  ),
  privacyUrl: optional(500, 'The privacy-notice address has at most 500 characters.').check(
    z.refine((value) => value === '' || isHttpsUrl(value), {
      message: 'The privacy-notice address is a full https:// address, such as https://example.com/privacy.',
    }),
  ),
  logo: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.maxLength(Math.ceil(MAX_LOGO_BYTES / 3) * 4, `The logo is larger than ${MAX_LOGO_BYTES / 1024} KB. Upload a smaller image.`),
          z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The logo must be sent as base64.'),
        ),
    ),
  ),
});
export type OwnerFaceInput = z.infer<typeof ownerFaceSchema>;

/** What the Settings panel shows of the current face. */
export type OwnerFaceSettingsView = {
  organizationName: string;
  displayName: string;
  supportEmail: string;
  supportPhone: string;
  privacyUrl: string;
  logoUrl: string | null;
};
