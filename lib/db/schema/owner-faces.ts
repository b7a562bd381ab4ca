import 'server-only';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { organizations } from './access';

/**
 * The organization as vehicle owners see it on the landing page after consent (and in the link
 * e-mail): set by an admin in Settings, every field optional. The logo is stored here, checked by
 * its first bytes (PNG, JPEG or WebP, small), and served by its random id: the id changes with
 * every upload, names no organization, and lets the image be cached for good.
 */
export const organizationFaces = pgTable(
  'organization_faces',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    supportEmail: text('support_email'),
    supportPhone: text('support_phone'),
    privacyUrl: text('privacy_url'),
    logoId: uuid('logo_id'),
    /** image/png, image/jpeg or image/webp, from the file's magic bytes (never the uploader's word). */
    logoType: text('logo_type'),
    /** Base64: a few hundred kilobytes at most, and the same on PostgreSQL and PGlite. */
    logoBase64: text('logo_base64'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('organization_faces_logo_key').on(t.logoId)],
);
export type OrganizationFace = typeof organizationFaces.$inferSelect;
