import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../index';
import { organizationFaces, type OrganizationFace } from '../schema';

export type FaceFields = {
  displayName: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
  privacyUrl: string | null;
};
export type StoredLogo = { id: string; type: string; base64: string };

export async function getOrganizationFace(db: Db, organizationId: string): Promise<OrganizationFace | undefined> {
  const [row] = await db.select().from(organizationFaces).where(eq(organizationFaces.organizationId, organizationId)).limit(1);
  return row;
}

/** Sets the texts; the logo is replaced when given, removed on null, kept when undefined. */
export async function saveOrganizationFace(
  db: Db,
  organizationId: string,
  fields: FaceFields,
  logo: StoredLogo | null | undefined,
): Promise<OrganizationFace> {
  const logoColumns =
    logo === undefined ? {} : { logoId: logo?.id ?? null, logoType: logo?.type ?? null, logoBase64: logo?.base64 ?? null };
  const values = { ...fields, ...logoColumns, updatedAt: new Date() };
  const [row] = await db
    .insert(organizationFaces)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: organizationFaces.organizationId, set: values })
    .returning();
  return row!;
}

/** A logo by its public id: its type and bytes, nothing about whose it is. */
export async function findLogo(db: Db, logoId: string): Promise<{ type: string; base64: string } | undefined> {
  const [row] = await db
    .select({ type: organizationFaces.logoType, base64: organizationFaces.logoBase64 })
    .from(organizationFaces)
    .where(eq(organizationFaces.logoId, logoId))
    .limit(1);
  return row?.type && row.base64 ? { type: row.type, base64: row.base64 } : undefined;
}
