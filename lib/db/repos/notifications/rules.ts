import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../index';
import {
  memberships,
  notificationRules,
  notificationUnsubscribes,
  users,
  type NotificationKind,
  type NotificationRule,
  type Role,
} from '../../schema';

export type RuleInput = Pick<NotificationRule, 'name' | 'kind' | 'params' | 'channels' | 'recipients' | 'enabled'> &
  Partial<Pick<NotificationRule, 'scope' | 'webhookEndpointIds'>>;

/** The organization's rules, the defaults first, then by name. */
export async function listRules(db: Db, organizationId: string): Promise<NotificationRule[]> {
  return db
    .select()
    .from(notificationRules)
    .where(eq(notificationRules.organizationId, organizationId))
    .orderBy(asc(notificationRules.createdAt), asc(notificationRules.name), asc(notificationRules.id));
}

/** The enabled rules of these kinds, over every organization (the periodic pass) or one. */
export async function listEnabledRules(db: Db, kinds: readonly NotificationKind[], organizationId?: string): Promise<NotificationRule[]> {
  return db
    .select()
    .from(notificationRules)
    .where(
      and(
        eq(notificationRules.enabled, true),
        inArray(notificationRules.kind, [...kinds]),
        organizationId ? eq(notificationRules.organizationId, organizationId) : undefined,
      ),
    )
    .orderBy(asc(notificationRules.organizationId), asc(notificationRules.id));
}

export async function findRule(db: Db, organizationId: string, id: string): Promise<NotificationRule | undefined> {
  const [row] = await db
    .select()
    .from(notificationRules)
    .where(and(eq(notificationRules.organizationId, organizationId), eq(notificationRules.id, id)));
  return row;
}

export async function insertRule(db: Db, organizationId: string, input: RuleInput): Promise<NotificationRule> {
  const [row] = await db
    .insert(notificationRules)
    .values({ organizationId, ...input })
    .returning();
  return row;
}

export async function updateRule(
  db: Db,
  organizationId: string,
  id: string,
  input: Partial<RuleInput>,
): Promise<NotificationRule | undefined> {
  const [row] = await db
    .update(notificationRules)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(notificationRules.organizationId, organizationId), eq(notificationRules.id, id)))
    .returning();
  return row;
}

export async function deleteRule(db: Db, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notificationRules)
    .where(and(eq(notificationRules.organizationId, organizationId), eq(notificationRules.id, id)))
    .returning({ id: notificationRules.id });
  return rows.length > 0;
}

export type Recipient = { userId: string; email: string; name: string; role: Role; unsubscribed: boolean };

/**
 * The members a rule reaches: by role, by id, and the sender when given (still a member).
 * `unsubscribed`: they asked for no more e-mail from this rule.
 */
export async function resolveRecipients(db: Db, rule: NotificationRule, senderId?: string | null): Promise<Recipient[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role, disabledAt: users.disabledAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, rule.organizationId))
    .orderBy(asc(users.email));
  const { roles, userIds, sender } = rule.recipients;
  const chosen = rows.filter(
    (row) =>
      row.disabledAt === null &&
      (roles.includes(row.role) || userIds.includes(row.userId) || (sender && senderId != null && row.userId === senderId)),
  );
  if (chosen.length === 0) return [];
  const unsubscribed = new Set(
    (
      await db
        .select({ userId: notificationUnsubscribes.userId })
        .from(notificationUnsubscribes)
        .where(eq(notificationUnsubscribes.ruleId, rule.id))
    ).map((row) => row.userId),
  );
  return chosen.map(({ userId, email, name, role }) => ({ userId, email, name, role, unsubscribed: unsubscribed.has(userId) }));
}

/** The member asks for no more e-mail from this rule (idempotent). */
export async function unsubscribeFromRule(db: Db, ruleId: string, userId: string): Promise<void> {
  await db.insert(notificationUnsubscribes).values({ ruleId, userId }).onConflictDoNothing();
}
