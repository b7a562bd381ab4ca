import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { getOrganizationById } from '@/lib/db/repos/organizations';
import { openCondition, clearCondition, type ConditionKey } from '@/lib/db/repos/notifications/conditions';
import { insertNotifications, setEmailStatus } from '@/lib/db/repos/notifications/inbox';
import { holdMails, listDeliveryPreferences } from '@/lib/db/repos/notifications/delivery';
import { resolveRecipients, type Recipient } from '@/lib/db/repos/notifications/rules';
import type { NotificationRule } from '@/lib/db/schema';
import { appUrl } from '@/lib/env';
import { publishChange } from '@/lib/live/server/publish-change';
import { configuredMailer, type Mailer } from '@/lib/ops/mail';
import { logger } from '@/lib/ops/log';
import { mailTiming } from '../delivery-timing';
import { notificationHref } from '../inbox';
import { sendNotificationMail } from './notification-mail';
import { enqueueRuleWebhooks, type WebhookMessage } from './webhook-deliveries';

/** What one notification says and what it is about; Motorpool's own words, never the upstream's. */
export type NotificationMessage = WebhookMessage & {
  /** Mailed at once whatever the member's digest (lib/notifications/delivery-timing: failed commands, critical alerts). */
  urgent?: boolean;
};

export type DeliveryOptions = {
  now?: Date;
  /** The member who sent the command, for rules that tell "the member who sent it". */
  senderId?: string | null;
  /** The SMTP transport; the configured one unless a test hands its own (null: none). */
  mailer?: Mailer | null;
};

/** What a delivery did: the inbox entries written and the mails handed to the server. */
export type Delivery = { inbox: number; mailed: number };

const NOTHING: Delivery = { inbox: 0, mailed: 0 };

/**
 * Tells the rule's recipients, through the rule's channels: the inbox (console), and e-mail when
 * SMTP is configured (not to a member who unsubscribed from the rule), and the webhook channel's
 * endpoints through the delivery queue (lib/notifications/server/webhook-deliveries.ts). Without SMTP an e-mail
 * rule writes the inbox entry instead: what would have been sent.
 */
export async function deliverNotification(
  db: Db,
  rule: NotificationRule,
  message: NotificationMessage,
  options: DeliveryOptions = {},
): Promise<Delivery> {
  if (rule.channels.includes('webhook')) await safely((tx) => enqueueRuleWebhooks(tx, rule, message, options.now), db);
  const recipients = await resolveRecipients(db, rule, options.senderId);
  if (recipients.length === 0) return NOTHING;
  const mailer = options.mailer === undefined ? configuredMailer() : (options.mailer ?? undefined);
  const wantsConsole = rule.channels.includes('console');
  const wantsEmail = rule.channels.includes('email');
  const now = options.now ?? new Date();
  // Quiet hours and digests hold a member's mail; their inbox still receives it at once.
  const held = wantsEmail && mailer ? await membersHoldingMail(db, recipients, message.urgent ?? false, now) : new Set<string>();
  const toInbox = wantsConsole || (wantsEmail && !mailer);
  const rows = recipients
    .filter((r) => toInbox || held.has(r.userId))
    .map((r) => ({
      organizationId: rule.organizationId,
      userId: r.userId,
      ruleId: rule.id,
      kind: rule.kind,
      cleared: message.cleared ?? false,
      title: message.title,
      body: message.body,
      vehicleId: message.vehicleId ?? null,
      executionId: message.executionId ?? null,
      bulkJobId: message.bulkJobId ?? null,
      emailStatus: held.has(r.userId) ? 'held' : null,
    }));
  const written = await insertNotifications(db, rows);
  if (written.length > 0) await publishChange(rule.organizationId, { kind: 'notification' });
  let mailed = 0;
  if (wantsEmail && mailer) {
    const org = await getOrganizationById(db, rule.organizationId);
    const slug = org?.slug ?? '';
    const base = appUrl();
    const path =
      notificationHref(slug, { vehicleId: message.vehicleId ?? null, bulkJobId: message.bulkJobId ?? null }) ?? `/o/${slug}/notifications`;
    await holdMails(
      db,
      [...held].map((userId) => ({
        organizationId: rule.organizationId,
        userId,
        ruleId: rule.id,
        kind: rule.kind,
        title: message.title,
        body: message.body,
        path,
        heldAt: now,
      })),
    );
    for (const recipient of recipients.filter((r) => !r.unsubscribed && !held.has(r.userId))) {
      const sent = await sendNotificationMail(
        {
          to: recipient.email,
          organizationName: org?.name ?? 'Motorpool',
          ruleName: rule.name,
          title: message.title,
          body: message.body,
          link: new URL(path, base).toString(),
          unsubscribeLink: new URL(`/o/${slug}/notifications/unsubscribe/${rule.id}`, base).toString(),
        },
        mailer,
      );
      if (sent) mailed += 1;
      const entry = written.find((row) => row.userId === recipient.userId);
      if (entry) await setEmailStatus(db, entry.id, sent ? 'sent' : 'failed');
    }
  }
  return { inbox: written.length, mailed };
}

/** The recipients (still subscribed) whose preferences hold this mail for a digest now. */
async function membersHoldingMail(db: Db, recipients: Recipient[], urgent: boolean, now: Date): Promise<Set<string>> {
  const subscribed = recipients.filter((r) => !r.unsubscribed).map((r) => r.userId);
  const preferences = await listDeliveryPreferences(db, subscribed);
  return new Set(subscribed.filter((id) => preferences.has(id) && mailTiming(preferences.get(id)!, urgent, now) === 'hold'));
}

export type Told = Delivery & { changed: boolean };

/** Tells a condition once: only the caller that opens it delivers (again after it cleared). */
export async function tellOpened(
  db: Db,
  rule: NotificationRule,
  key: Omit<ConditionKey, 'ruleId'>,
  message: NotificationMessage,
  options: DeliveryOptions = {},
): Promise<Told> {
  if (!(await openCondition(db, { ruleId: rule.id, ...key }, options.now ?? new Date()))) return { ...NOTHING, changed: false };
  return { ...(await deliverNotification(db, rule, message, options)), changed: true };
}

/**
 * Records that a condition is over; only the caller that clears an open one delivers, and only
 * when there are words for it (`null`: cleared silently, so it is told again if it comes back).
 */
export async function tellCleared(
  db: Db,
  rule: NotificationRule,
  key: Omit<ConditionKey, 'ruleId'>,
  message: NotificationMessage | null,
  options: DeliveryOptions = {},
): Promise<Told> {
  if (!(await clearCondition(db, { ruleId: rule.id, ...key }, options.now ?? new Date()))) return { ...NOTHING, changed: false };
  if (!message) return { ...NOTHING, changed: true };
  return { ...(await deliverNotification(db, rule, { ...message, cleared: true }, options)), changed: true };
}

/** Runs a notification step from another domain's path without ever failing that path. */
export async function safely(step: (db: Db) => Promise<unknown>, db: Db = getDb()): Promise<void> {
  try {
    await step(db);
  } catch (error) {
    logger().error({ event: 'notifications.failed', err: error }, 'a notification could not be delivered');
  }
}
