import 'server-only';
import { randomUUID } from 'node:crypto';
import { getDb, type Db } from '@/lib/db';
import { findLogo, getOrganizationFace, saveOrganizationFace, type StoredLogo } from '@/lib/db/repos/organization-faces';
import { invalidField } from '@/lib/errors/app-error';
import type { Org } from '@/lib/org/org-access';
import type { OwnerFaceInput, OwnerFaceSettingsView } from '@/lib/connect/face-schemas';
import { checkLogo } from '@/lib/connect/logo-check';
import { logoUrlOf, type OwnerFaceView } from '@/lib/connect/owner-face';

/** What the landing page shows of an organization: its face where an admin set one, else its name. */
export async function ownerFaceOf(organization: { id: string; name: string }, db: Db = getDb()): Promise<OwnerFaceView> {
  const face = await getOrganizationFace(db, organization.id);
  return {
    name: face?.displayName || organization.name,
    logoUrl: logoUrlOf(face?.logoId ?? null),
    supportEmail: face?.supportEmail || null,
    supportPhone: face?.supportPhone || null,
    privacyUrl: face?.privacyUrl || null,
  };
}

export async function getOwnerFaceSettings(org: Pick<Org, 'id' | 'name'>, db: Db = getDb()): Promise<OwnerFaceSettingsView> {
  const face = await getOrganizationFace(db, org.id);
  return {
    organizationName: org.name,
    displayName: face?.displayName ?? '',
    supportEmail: face?.supportEmail ?? '',
    supportPhone: face?.supportPhone ?? '',
    privacyUrl: face?.privacyUrl ?? '',
    logoUrl: logoUrlOf(face?.logoId ?? null),
  };
}

/** A base64 logo checked by its bytes; the type stored is the one the bytes show. */
function logoToStore(base64: string | null | undefined): StoredLogo | null | undefined {
  if (base64 === undefined || base64 === null) return base64;
  const bytes = Buffer.from(base64, 'base64');
  const check = checkLogo(bytes);
  if (!check.ok) throw invalidField('logo', check.problem, { message: check.problem });
  return { id: randomUUID(), type: check.type, base64: bytes.toString('base64') };
}

export async function updateOwnerFace(
  org: Pick<Org, 'id' | 'name'>,
  input: OwnerFaceInput,
  db: Db = getDb(),
): Promise<OwnerFaceSettingsView> {
  const logo = logoToStore(input.logo);
  const orNull = (value: string) => value || null;
  await saveOrganizationFace(
    db,
    org.id,
    {
      displayName: orNull(input.displayName),
      supportEmail: orNull(input.supportEmail),
      supportPhone: orNull(input.supportPhone),
      privacyUrl: orNull(input.privacyUrl),
    },
    logo,
  );
  return getOwnerFaceSettings(org, db);
}

/** The logo's bytes and type by its public id, or undefined. */
export async function readLogo(logoId: string, db: Db = getDb()): Promise<{ type: string; bytes: Buffer } | undefined> {
  const logo = await findLogo(db, logoId);
  return logo && { type: logo.type, bytes: Buffer.from(logo.base64, 'base64') };
}
