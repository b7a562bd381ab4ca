import 'server-only';
import { and, eq, isNotNull } from 'drizzle-orm';
import { secretBox, type SecretBox } from '@/lib/crypto/secret-box';
import type { Db } from '@/lib/db';
import { clientSecretContext, webhookSecretContext } from '@/lib/db/repos/organizations';
import { totpSecretContext } from '@/lib/db/repos/second-factors';
import { endpointPreviousSecretContext, endpointSecretContext } from '@/lib/db/repos/notifications/webhooks';
import { apiTokens, organizations, totpCredentials, webhookEndpoints } from '@/lib/db/schema';
import { accessTokenContext, refreshTokenContext } from '@/lib/org/db-token-store';

export interface RotationReport {
  /** The key everything is now sealed under. */
  keyId: string;
  organizations: { resealed: number; current: number; failed: string[] };
  /** Organizations' webhook signing secrets (only those that have one). */
  webhookSecrets: { resealed: number; current: number; failed: string[] };
  /** Outbound webhook endpoints' signing secrets (and a previous one during its overlap); `failed` holds endpoint ids. */
  endpointSecrets: { resealed: number; current: number; failed: string[] };
  /** Cached upstream tokens; one that no longer opens is dropped (the client fetches a new one). */
  tokens: { resealed: number; current: number; dropped: number };
  /** People's authenticator secrets; `failed` holds user ids (such a person sets the app up again). */
  totpSecrets: { resealed: number; current: number; failed: string[] };
}

/**
 * Re-seals every stored secret under the ring's newest key: organizations' client secrets and
 * webhook secrets, outbound webhook endpoints' signing secrets, the upstream token cache, and people's authenticator secrets. Each row is written only if it still holds the value read (a
 * concurrent change wins). An organization whose secret opens under no key of the ring is
 * reported, never changed: its admin re-enters the secret in Settings.
 */
export async function rotateEncryptionKeys(db: Db, box: SecretBox = secretBox()): Promise<RotationReport> {
  const report: RotationReport = {
    keyId: box.currentKeyId,
    organizations: { resealed: 0, current: 0, failed: [] },
    webhookSecrets: { resealed: 0, current: 0, failed: [] },
    endpointSecrets: { resealed: 0, current: 0, failed: [] },
    tokens: { resealed: 0, current: 0, dropped: 0 },
    totpSecrets: { resealed: 0, current: 0, failed: [] },
  };

  const orgs = await db
    .select({ id: organizations.id, slug: organizations.slug, sealed: organizations.clientSecretEncrypted })
    .from(organizations);
  for (const org of orgs) {
    if (box.isCurrent(org.sealed)) {
      report.organizations.current += 1;
      continue;
    }
    let plaintext: string;
    try {
      plaintext = box.decrypt(org.sealed, clientSecretContext(org.id));
    } catch {
      report.organizations.failed.push(org.slug);
      continue;
    }
    const updated = await db
      .update(organizations)
      .set({ clientSecretEncrypted: box.encrypt(plaintext, clientSecretContext(org.id)) })
      .where(and(eq(organizations.id, org.id), eq(organizations.clientSecretEncrypted, org.sealed)))
      .returning({ id: organizations.id });
    if (updated.length > 0) report.organizations.resealed += 1;
  }

  const webhookOrgs = await db
    .select({ id: organizations.id, slug: organizations.slug, sealed: organizations.webhookSecretEncrypted })
    .from(organizations)
    .where(isNotNull(organizations.webhookSecretEncrypted));
  for (const org of webhookOrgs) {
    const sealed = org.sealed!;
    if (box.isCurrent(sealed)) {
      report.webhookSecrets.current += 1;
      continue;
    }
    let plaintext: string;
    try {
      plaintext = box.decrypt(sealed, webhookSecretContext(org.id));
    } catch {
      report.webhookSecrets.failed.push(org.slug);
      continue;
    }
    const updated = await db
      .update(organizations)
      .set({ webhookSecretEncrypted: box.encrypt(plaintext, webhookSecretContext(org.id)) })
      .where(and(eq(organizations.id, org.id), eq(organizations.webhookSecretEncrypted, sealed)))
      .returning({ id: organizations.id });
    if (updated.length > 0) report.webhookSecrets.resealed += 1;
  }

  const endpoints = await db
    .select({ id: webhookEndpoints.id, sealed: webhookEndpoints.secretEncrypted, previous: webhookEndpoints.previousSecretEncrypted })
    .from(webhookEndpoints);
  for (const endpoint of endpoints) {
    if (box.isCurrent(endpoint.sealed) && (endpoint.previous === null || box.isCurrent(endpoint.previous))) {
      report.endpointSecrets.current += 1;
      continue;
    }
    let values: { secretEncrypted: string; previousSecretEncrypted: string | null };
    try {
      const reseal = (sealed: string, context: ReturnType<typeof endpointSecretContext>) =>
        box.encrypt(box.decrypt(sealed, context), context);
      values = {
        secretEncrypted: reseal(endpoint.sealed, endpointSecretContext(endpoint.id)),
        previousSecretEncrypted: endpoint.previous === null ? null : reseal(endpoint.previous, endpointPreviousSecretContext(endpoint.id)),
      };
    } catch {
      report.endpointSecrets.failed.push(endpoint.id);
      continue;
    }
    const updated = await db
      .update(webhookEndpoints)
      .set(values)
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.secretEncrypted, endpoint.sealed)))
      .returning({ id: webhookEndpoints.id });
    if (updated.length > 0) report.endpointSecrets.resealed += 1;
  }

  const tokens = await db.select().from(apiTokens);
  for (const token of tokens) {
    const refresh = token.refreshTokenEncrypted;
    if (box.isCurrent(token.accessTokenEncrypted) && (refresh === null || box.isCurrent(refresh))) {
      report.tokens.current += 1;
      continue;
    }
    let values: { accessTokenEncrypted: string; refreshTokenEncrypted: string | null };
    try {
      values = {
        accessTokenEncrypted: box.encrypt(
          box.decrypt(token.accessTokenEncrypted, accessTokenContext(token.key)),
          accessTokenContext(token.key),
        ),
        refreshTokenEncrypted:
          refresh === null ? null : box.encrypt(box.decrypt(refresh, refreshTokenContext(token.key)), refreshTokenContext(token.key)),
      };
    } catch {
      await db.delete(apiTokens).where(and(eq(apiTokens.key, token.key), eq(apiTokens.accessTokenEncrypted, token.accessTokenEncrypted)));
      report.tokens.dropped += 1;
      continue;
    }
    const updated = await db
      .update(apiTokens)
      .set(values)
      .where(and(eq(apiTokens.key, token.key), eq(apiTokens.accessTokenEncrypted, token.accessTokenEncrypted)))
      .returning({ key: apiTokens.key });
    if (updated.length > 0) report.tokens.resealed += 1;
  }

  for (const row of await db.select({ userId: totpCredentials.userId, sealed: totpCredentials.secretEncrypted }).from(totpCredentials)) {
    if (box.isCurrent(row.sealed)) {
      report.totpSecrets.current += 1;
      continue;
    }
    let plaintext: string;
    try {
      plaintext = box.decrypt(row.sealed, totpSecretContext(row.userId));
    } catch {
      report.totpSecrets.failed.push(row.userId);
      continue;
    }
    const updated = await db
      .update(totpCredentials)
      .set({ secretEncrypted: box.encrypt(plaintext, totpSecretContext(row.userId)) })
      .where(and(eq(totpCredentials.userId, row.userId), eq(totpCredentials.secretEncrypted, row.sealed)))
      .returning({ userId: totpCredentials.userId });
    if (updated.length > 0) report.totpSecrets.resealed += 1;
  }
  return report;
}
