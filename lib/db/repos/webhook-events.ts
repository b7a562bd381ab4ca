import 'server-only';
import { and, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { webhookEvents, type WebhookEvent, type WebhookEventOutcome } from '../schema';

export type NewWebhookEventInput = {
  organizationId: string;
  webhookId: string;
  webhookTimestamp: Date;
  type: string;
  vehicleId: string | null;
  occurredAt: Date | null;
  payload: Record<string, unknown>;
  receivedAt: Date;
};

export type RecordResult = { state: 'recorded'; event: WebhookEvent } | { state: 'repeated'; existing: WebhookEvent };

/** Records an event once per organization and `webhook-id`; a repeat returns the first record, untouched. */
export async function recordWebhookEvent(db: Db, input: NewWebhookEventInput): Promise<RecordResult> {
  const [row] = await db.insert(webhookEvents).values(input).onConflictDoNothing().returning();
  if (row) return { state: 'recorded', event: row };
  const [existing] = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.organizationId, input.organizationId), eq(webhookEvents.webhookId, input.webhookId)))
    .limit(1);
  return { state: 'repeated', existing: existing! };
}

/**
 * Takes an unapplied event for this caller (the request that recorded it, or the apply job on
 * any instance): one winner; a claim older than `staleMs` (a crash mid-apply) may be taken again.
 */
export async function claimWebhookEvent(db: Db, id: string, now: Date, staleMs: number): Promise<WebhookEvent | undefined> {
  const [row] = await db
    .update(webhookEvents)
    .set({ claimedAt: now, attempts: sql`${webhookEvents.attempts} + 1` })
    .where(
      and(
        eq(webhookEvents.id, id),
        isNull(webhookEvents.appliedAt),
        or(isNull(webhookEvents.claimedAt), lte(webhookEvents.claimedAt, new Date(now.getTime() - staleMs))),
      ),
    )
    .returning();
  return row;
}

export async function finishWebhookEvent(
  db: Db,
  id: string,
  result: { outcome: WebhookEventOutcome; detail?: string | null; vehicleId?: string | null },
  now = new Date(),
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({
      appliedAt: now,
      outcome: result.outcome,
      detail: result.detail ?? null,
      ...(result.vehicleId !== undefined ? { vehicleId: result.vehicleId } : {}),
    })
    .where(eq(webhookEvents.id, id));
}

/** Events recorded but not applied, whose claim (if any) is stale: what the apply job retries. */
export async function listUnappliedWebhookEvents(db: Db, options: { now: Date; staleMs: number; limit: number }): Promise<WebhookEvent[]> {
  const e = webhookEvents;
  return db
    .select()
    .from(e)
    .where(and(isNull(e.appliedAt), or(isNull(e.claimedAt), lte(e.claimedAt, new Date(options.now.getTime() - options.staleMs)))))
    .orderBy(e.receivedAt)
    .limit(options.limit);
}

/** Newest first; optionally one vehicle's. */
export async function listWebhookEvents(
  db: Db,
  organizationId: string,
  options: { vehicleId?: string; limit?: number } = {},
): Promise<WebhookEvent[]> {
  const e = webhookEvents;
  return db
    .select()
    .from(e)
    .where(and(eq(e.organizationId, organizationId), options.vehicleId ? eq(e.vehicleId, options.vehicleId) : undefined))
    .orderBy(desc(e.receivedAt))
    .limit(Math.min(Math.max(options.limit ?? 20, 1), 200));
}

/** The `command.updated` events about one upstream execution (of that vehicle), newest first. */
export async function listExecutionWebhookEvents(
  db: Db,
  organizationId: string,
  execution: { vehicleId: string; upstreamExecutionId: string },
  limit = 20,
): Promise<WebhookEvent[]> {
  const e = webhookEvents;
  return db
    .select()
    .from(e)
    .where(
      and(
        eq(e.organizationId, organizationId),
        eq(e.vehicleId, execution.vehicleId),
        eq(e.type, 'command.updated'),
        sql`${e.payload} -> 'data' ->> 'id' = ${execution.upstreamExecutionId}`,
      ),
    )
    .orderBy(desc(e.receivedAt))
    .limit(limit);
}

export async function pruneWebhookEvents(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(webhookEvents).where(lt(webhookEvents.receivedAt, before)).returning({ id: webhookEvents.id });
  return rows.length;
}

/** When the organization last received an event (of any type), or null. */
export async function lastWebhookEventAt(db: Db, organizationId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: webhookEvents.receivedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.organizationId, organizationId))
    .orderBy(desc(webhookEvents.receivedAt))
    .limit(1);
  return row?.at ?? null;
}
