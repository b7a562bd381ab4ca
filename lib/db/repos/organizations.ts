import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import { organizations, type Organization } from '../schema';

/** An organization without its sealed client secret. */
export type PublicOrganization = Omit<Organization, 'clientSecretEncrypted' | 'webhookSecretEncrypted'>;

export interface OrganizationCredentials {
  /** Null: the embedded sandbox. */
  apiBaseUrl: string | null;
  clientId: string;
  clientSecret: string;
}

/** The client secret is sealed to its row: copied into another organization's row, it does not decrypt. */
export const clientSecretContext = (organizationId: string) => ({ table: 'organizations', column: 'client_secret', row: organizationId });

/** The columns anyone in the organization may read: never the client secret. */
export const publicColumns = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.name,
  apiBaseUrl: organizations.apiBaseUrl,
  clientId: organizations.clientId,
  commandPolling: organizations.commandPolling,
  requireSecondFactor: organizations.requireSecondFactor,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
};

export async function createOrganization(
  db: Db,
  input: { slug: string; name: string } & OrganizationCredentials,
): Promise<PublicOrganization> {
  const id = randomUUID();
  const [row] = await db
    .insert(organizations)
    .values({
      id,
      slug: input.slug,
      name: input.name,
      apiBaseUrl: input.apiBaseUrl,
      clientId: input.clientId,
      clientSecretEncrypted: encryptSecret(input.clientSecret, clientSecretContext(id)),
    })
    .onConflictDoNothing()
    .returning(publicColumns);
  if (!row) throw new RepositoryError('SLUG_TAKEN', `The organization slug "${input.slug}" is taken.`);
  return row;
}

export async function getOrganizationBySlug(db: Db, slug: string): Promise<PublicOrganization | undefined> {
  const [row] = await db.select(publicColumns).from(organizations).where(eq(organizations.slug, slug)).limit(1);
  return row;
}

export async function getOrganizationById(db: Db, id: string): Promise<PublicOrganization | undefined> {
  const [row] = await db.select(publicColumns).from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** The decrypted credentials, for the server's API client only; never send them to a browser. */
export async function getOrganizationCredentials(db: Db, organizationId: string): Promise<OrganizationCredentials | undefined> {
  const [row] = await db
    .select({ apiBaseUrl: organizations.apiBaseUrl, clientId: organizations.clientId, sealed: organizations.clientSecretEncrypted })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) return undefined;
  return {
    apiBaseUrl: row.apiBaseUrl,
    clientId: row.clientId,
    clientSecret: decryptSecret(row.sealed, clientSecretContext(organizationId)),
  };
}

/** Without `clientSecret` (or with an empty one) the stored secret is kept. */
export async function updateOrganizationCredentials(
  db: Db,
  organizationId: string,
  input: { apiBaseUrl: string | null; clientId: string; clientSecret?: string },
): Promise<PublicOrganization> {
  const [row] = await db
    .update(organizations)
    .set({
      apiBaseUrl: input.apiBaseUrl,
      clientId: input.clientId,
      ...(input.clientSecret ? { clientSecretEncrypted: encryptSecret(input.clientSecret, clientSecretContext(organizationId)) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, organizationId))
    .returning(publicColumns);
  if (!row) throw new RepositoryError('NOT_FOUND', 'No such organization.');
  return row;
}

export async function renameOrganization(db: Db, organizationId: string, name: string): Promise<void> {
  await db.update(organizations).set({ name, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
}

/** The webhook signing secret is sealed to its own column and row, like the client secret. */
export const webhookSecretContext = (organizationId: string) => ({ table: 'organizations', column: 'webhook_secret', row: organizationId });

/** The decrypted webhook signing secret, for the receiver only; undefined when none is set (or no such organization). */
export async function getWebhookSecret(db: Db, organizationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sealed: organizations.webhookSecretEncrypted })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row?.sealed ? decryptSecret(row.sealed, webhookSecretContext(organizationId)) : undefined;
}

/** Null clears the secret: the receiver then answers 404, as for an unknown organization. */
export async function setWebhookSecret(db: Db, organizationId: string, secret: string | null): Promise<void> {
  await db
    .update(organizations)
    .set({
      webhookSecretEncrypted: secret === null ? null : encryptSecret(secret, webhookSecretContext(organizationId)),
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, organizationId));
}

/** Organizations the embedded sandbox serves. */
export async function listEmbeddedOrganizations(db: Db): Promise<PublicOrganization[]> {
  return db.select(publicColumns).from(organizations).where(isNull(organizations.apiBaseUrl));
}

export async function setCommandPolling(db: Db, organizationId: string, enabled: boolean): Promise<void> {
  await db.update(organizations).set({ commandPolling: enabled, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
}

export async function setSecondFactorRequirement(db: Db, organizationId: string, required: boolean): Promise<void> {
  await db.update(organizations).set({ requireSecondFactor: required, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
}

export async function hasWebhookSecret(db: Db, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ sealed: organizations.webhookSecretEncrypted })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return Boolean(row?.sealed);
}
