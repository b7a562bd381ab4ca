import 'server-only';
import { and, desc, eq, exists, gte, ilike, isNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import { auditEvents, memberships, type AuditEvent, type AuditOutcome } from '../schema';

/*
 * The audit trail is append-only: this module offers appending and reading, nothing else.
 */

export interface AuditEventInput {
  organizationId?: string | null;
  actorUserId?: string | null;
  actorEmail?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  outcome: AuditOutcome;
  upstreamRequestId?: string | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
}

export async function appendAuditEvent(db: Db, event: AuditEventInput): Promise<AuditEvent> {
  const [row] = await db
    .insert(auditEvents)
    .values({
      organizationId: event.organizationId ?? null,
      actorUserId: event.actorUserId ?? null,
      actorEmail: event.actorEmail?.toLowerCase() ?? null,
      action: event.action,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      outcome: event.outcome,
      upstreamRequestId: event.upstreamRequestId ?? null,
      details: event.details ?? null,
      ip: event.ip ?? null,
      createdAt: new Date(),
    })
    .returning();
  return row;
}

export interface AuditFilter {
  /** Events of this organization; also its members' sign-ins unless `includeMemberSignIns` is false. */
  organizationId?: string;
  includeMemberSignIns?: boolean;
  /** Part of the actor's email, case-insensitive. */
  actor?: string;
  actorUserId?: string;
  /** Exact action, or a prefix when it ends with `*` (`commands.*`). */
  action?: string;
  /** Matches the target id or the target type exactly. */
  target?: string;
  targetType?: string;
  targetId?: string;
  outcome?: AuditOutcome;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  cursor?: string;
  /** 1 to 1000, default 50. */
  limit?: number;
}

export interface AuditPage {
  events: AuditEvent[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function encodeAuditCursor(event: Pick<AuditEvent, 'createdAt' | 'id'>): string {
  return Buffer.from(`${event.createdAt.getTime()}:${event.id}`, 'utf8').toString('base64url');
}

export function decodeAuditCursor(cursor: string): { createdAt: Date; id: number } | undefined {
  const match = /^(\d{1,15}):(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return undefined;
  return { createdAt: new Date(Number(match[1])), id: Number(match[2]) };
}

/** Newest first, keyset-paged on (created_at, id) so pages stay stable while events arrive. */
export async function listAuditEvents(db: Db, filter: AuditFilter = {}): Promise<AuditPage> {
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 50), 1), 1000);
  const conditions: SQL[] = [];
  if (filter.organizationId) {
    const own = eq(auditEvents.organizationId, filter.organizationId);
    if (filter.includeMemberSignIns === false) conditions.push(own);
    else {
      // A member's sign-ins from the day they joined: what they did before (and from where) is not this organization's.
      const memberThen = db
        .select({ one: sql`1` })
        .from(memberships)
        .where(
          and(
            eq(memberships.organizationId, filter.organizationId),
            eq(memberships.userId, auditEvents.actorUserId),
            lte(memberships.createdAt, auditEvents.createdAt),
          ),
        );
      conditions.push(or(own, and(isNull(auditEvents.organizationId), like(auditEvents.action, 'auth.%'), exists(memberThen)))!);
    }
  }
  if (filter.actor) conditions.push(ilike(auditEvents.actorEmail, `%${escapeLike(filter.actor.toLowerCase())}%`));
  if (filter.actorUserId) conditions.push(eq(auditEvents.actorUserId, filter.actorUserId));
  if (filter.action) {
    conditions.push(
      filter.action.endsWith('*')
        ? like(auditEvents.action, `${escapeLike(filter.action.slice(0, -1))}%`)
        : eq(auditEvents.action, filter.action),
    );
  }
  if (filter.target) conditions.push(or(eq(auditEvents.targetId, filter.target), eq(auditEvents.targetType, filter.target))!);
  if (filter.targetType) conditions.push(eq(auditEvents.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditEvents.targetId, filter.targetId));
  if (filter.outcome) conditions.push(eq(auditEvents.outcome, filter.outcome));
  if (filter.from) conditions.push(gte(auditEvents.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditEvents.createdAt, filter.to));
  if (filter.cursor) {
    const after = decodeAuditCursor(filter.cursor);
    if (!after) throw new RepositoryError('INVALID_CURSOR', 'The page cursor is not valid; start from the first page.');
    conditions.push(sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
  }
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit + 1);
  const events = rows.slice(0, limit);
  const last = events[events.length - 1];
  return { events, nextCursor: rows.length > limit && last ? encodeAuditCursor(last) : null };
}
