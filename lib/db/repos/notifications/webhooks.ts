import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';
import type { Db } from '../../index';
import {
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEndpoints,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookEndpoint,
} from '../../schema';

/** The sealing contexts of an endpoint's signing secrets (the key rotation re-seals under them). */
export const endpointSecretContext = (endpointId: string) => ({ table: 'webhook_endpoints', column: 'secret', row: endpointId });
export const endpointPreviousSecretContext = (endpointId: string) => ({
  table: 'webhook_endpoints',
  column: 'previous_secret',
  row: endpointId,
});
const secretContext = endpointSecretContext;
const previousSecretContext = endpointPreviousSecretContext;

export async function listWebhookEndpoints(db: Db, organizationId: string): Promise<WebhookEndpoint[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findWebhookEndpoint(db: Db, organizationId: string, id: string): Promise<WebhookEndpoint | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  return row;
}

/** The organization's endpoints among these ids (a rule's list may name one since deleted). */
export async function findWebhookEndpoints(db: Db, organizationId: string, ids: readonly string[]): Promise<WebhookEndpoint[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), inArray(webhookEndpoints.id, [...ids])));
}

export async function insertWebhookEndpoint(
  db: Db,
  organizationId: string,
  input: { id: string; url: string; description: string; secret: string },
): Promise<WebhookEndpoint> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id: input.id,
      organizationId,
      url: input.url,
      description: input.description,
      secretEncrypted: encryptSecret(input.secret, secretContext(input.id)),
    })
    .returning();
  return row;
}

export type WebhookEndpointChange = Partial<Pick<WebhookEndpoint, 'url' | 'description' | 'enabled'>> & { secret?: string };

/** Switching an endpoint on (a person) starts its failure count afresh. */
export async function updateWebhookEndpoint(
  db: Db,
  organizationId: string,
  id: string,
  change: WebhookEndpointChange,
): Promise<WebhookEndpoint | undefined> {
  const { secret, ...rest } = change;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...rest,
      ...(secret !== undefined ? { secretEncrypted: encryptSecret(secret, secretContext(id)) } : {}),
      ...(change.enabled !== undefined
        ? { disabledReason: null, disabledAt: change.enabled ? null : new Date(), consecutiveFailures: 0, failingSince: null }
        : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteWebhookEndpoint(db: Db, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export function webhookEndpointSecret(endpoint: Pick<WebhookEndpoint, 'id' | 'secretEncrypted'>): string {
  return decryptSecret(endpoint.secretEncrypted, secretContext(endpoint.id));
}

/** The secrets a delivery is signed with now: the current one, and the previous one while its overlap lasts. */
export function webhookEndpointSigningSecrets(
  endpoint: Pick<WebhookEndpoint, 'id' | 'secretEncrypted' | 'previousSecretEncrypted' | 'previousSecretExpiresAt'>,
  now: Date,
): string[] {
  const secrets = [webhookEndpointSecret(endpoint)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(endpoint.previousSecretEncrypted, previousSecretContext(endpoint.id)));
  }
  return secrets;
}

/**
 * A new signing secret; the one it replaces is kept (sealed under its own column's context) and
 * still signs until `overlapUntil`, or is dropped at once when that is null. The update is
 * conditional on the secret read, so two rotations at once cannot keep a secret no one was shown.
 */
export async function rotateWebhookEndpointSecretRow(
  db: Db,
  organizationId: string,
  id: string,
  secret: string,
  overlapUntil: Date | null,
): Promise<WebhookEndpoint | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await findWebhookEndpoint(db, organizationId, id);
    if (!current) return undefined;
    const previous = overlapUntil ? encryptSecret(webhookEndpointSecret(current), previousSecretContext(id)) : null;
    const [row] = await db
      .update(webhookEndpoints)
      .set({
        secretEncrypted: encryptSecret(secret, secretContext(id)),
        previousSecretEncrypted: previous,
        previousSecretExpiresAt: overlapUntil,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(webhookEndpoints.organizationId, organizationId),
          eq(webhookEndpoints.id, id),
          eq(webhookEndpoints.secretEncrypted, current.secretEncrypted),
        ),
      )
      .returning();
    if (row) return row;
  }
  throw new Error('the webhook endpoint’s secret kept changing during the rotation');
}

/** Forgets previous secrets whose overlap is over (the hourly prune); the number forgotten. */
export async function forgetExpiredPreviousSecrets(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ previousSecretEncrypted: null, previousSecretExpiresAt: null })
    .where(and(isNotNull(webhookEndpoints.previousSecretEncrypted), lte(webhookEndpoints.previousSecretExpiresAt, now)))
    .returning({ id: webhookEndpoints.id });
  return rows.length;
}

/**
 * Deletes deliveries that succeeded or gave up and were created before `before` (their attempts
 * go with them), in batches so no statement holds the table long; the number deleted.
 */
export async function pruneSettledWebhookDeliveries(db: Db, before: Date, batch = 5_000): Promise<number> {
  const d = webhookDeliveries;
  let deleted = 0;
  for (;;) {
    const old = db
      .select({ id: d.id })
      .from(d)
      .where(and(inArray(d.status, ['succeeded', 'failed']), lt(d.createdAt, before)))
      .limit(batch);
    const rows = await db.delete(d).where(inArray(d.id, old)).returning({ id: d.id });
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}

/** When the earliest pending delivery falls due (null: none is waiting), for the sender to wake then. */
export async function nextWebhookDueAt(db: Db): Promise<Date | null> {
  const d = webhookDeliveries;
  const [row] = await db
    .select({ at: sql<string | null>`min(${d.nextAttemptAt})` })
    .from(d)
    .where(eq(d.status, 'pending'));
  return row?.at ? new Date(row.at) : null;
}

/** After a successful attempt: the run of failures is over. */
export async function recordEndpointSuccess(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0, failingSince: null, lastSuccessAt: now })
    .where(eq(webhookEndpoints.id, id));
}

/** After a failed attempt: one more in the run, which began now if none was running. */
export async function recordEndpointFailure(db: Db, id: string, now: Date): Promise<WebhookEndpoint | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** Switches an endpoint off for sustained failure; true for the one caller that did (it tells the admins). */
export async function disableFailingEndpoint(db: Db, id: string, reason: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) return false;
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, claimedAt: null })
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
  return true;
}

export type NewWebhookDelivery = Pick<WebhookDelivery, 'organizationId' | 'endpointId' | 'eventId' | 'eventType' | 'payload'> & {
  redeliveryOf?: string | null;
};

export async function insertWebhookDeliveries(db: Db, rows: NewWebhookDelivery[], now: Date): Promise<WebhookDelivery[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows.map((r) => ({ ...r, status: 'pending' as const, nextAttemptAt: now })))
    .returning();
}

/** Deliveries due now, or taken by a process that has not finished them within `staleMs` (a crash). */
export async function listDueWebhookDeliveries(db: Db, now: Date, staleMs: number, limit: number): Promise<WebhookDelivery[]> {
  const d = webhookDeliveries;
  return db.select().from(d).where(dueCondition(now, staleMs)).orderBy(asc(d.nextAttemptAt)).limit(limit);
}

function dueCondition(now: Date, staleMs: number) {
  const d = webhookDeliveries;
  return or(
    and(eq(d.status, 'pending'), lte(d.nextAttemptAt, now)),
    and(eq(d.status, 'delivering'), lte(d.claimedAt, new Date(now.getTime() - staleMs))),
  );
}

/** Takes a due delivery for this process: one winner across the cluster. */
export async function claimWebhookDelivery(db: Db, id: string, now: Date, staleMs: number): Promise<WebhookDelivery | undefined> {
  const d = webhookDeliveries;
  const [row] = await db
    .update(d)
    .set({ status: 'delivering', claimedAt: now, attempts: sql`${d.attempts} + 1` })
    .where(and(eq(d.id, id), dueCondition(now, staleMs)))
    .returning();
  return row;
}

export type AttemptRecord = Omit<WebhookDeliveryAttempt, 'id' | 'deliveryId'>;

/** Records an attempt and where the delivery stands after it: done, failed for good, or due again at `nextAttemptAt`. */
export async function finishWebhookAttempt(
  db: Db,
  delivery: Pick<WebhookDelivery, 'id'>,
  attempt: AttemptRecord,
  next: { status: 'succeeded' | 'failed' | 'pending'; nextAttemptAt: Date | null },
): Promise<void> {
  await db.insert(webhookDeliveryAttempts).values({ deliveryId: delivery.id, ...attempt });
  await db
    .update(webhookDeliveries)
    .set({
      status: next.status,
      nextAttemptAt: next.nextAttemptAt,
      claimedAt: null,
      lastAttemptAt: attempt.attemptedAt,
      lastStatusCode: attempt.statusCode,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
}

export async function findWebhookDelivery(db: Db, endpointId: string, id: string): Promise<WebhookDelivery | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row;
}

/** An endpoint's latest deliveries, newest first, with their attempts in order. */
export async function listWebhookDeliveries(
  db: Db,
  endpointId: string,
  limit: number,
): Promise<{ delivery: WebhookDelivery; attempts: WebhookDeliveryAttempt[] }[]> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookDeliveryAttempts)
    .where(
      inArray(
        webhookDeliveryAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(asc(webhookDeliveryAttempts.attempt));
  return deliveries.map((delivery) => ({ delivery, attempts: attempts.filter((a) => a.deliveryId === delivery.id) }));
}
