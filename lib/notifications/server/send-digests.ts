import 'server-only';
import type { Db } from '@/lib/db';
import { claimHeldMails, getDeliveryPreferences, listMembersWithHeldMail, releaseHeldMails } from '@/lib/db/repos/notifications/delivery';
import { getOrganizationById } from '@/lib/db/repos/organizations';
import { findUserById } from '@/lib/db/repos/users';
import type { NotificationHeldMail } from '@/lib/db/schema';
import { appUrl } from '@/lib/env';
import type { RecurringJob } from '@/lib/jobs';
import { configuredMailer, type Mailer } from '@/lib/ops/mail';
import { logger } from '@/lib/ops/log';
import { DEFAULT_DELIVERY, digestDue, groupDigest } from '../delivery-timing';
import { NOTIFICATION_KINDS } from '../kinds';
import { digestMailContent } from './digest-mail';

export type DigestSummary = { members: number; mails: number; items: number };

/**
 * Sends each member whose held mail is due one digest per organization (quiet hours over, the
 * hour or day come). Items are claimed before sending, so a second pass never mails them again;
 * a mail the server refuses gives its items back for the next pass.
 */
export async function sendDigests(
  db: Db,
  now: Date,
  options: { mailer?: Mailer | null; signal?: AbortSignal } = {},
): Promise<DigestSummary> {
  const mailer = options.mailer === undefined ? configuredMailer() : options.mailer;
  const summary: DigestSummary = { members: 0, mails: 0, items: 0 };
  if (!mailer) return summary;
  for (const { userId, oldestHeldAt } of await listMembersWithHeldMail(db)) {
    if (options.signal?.aborted) break;
    // A member who removed their choices gets what was held at once.
    const preferences = (await getDeliveryPreferences(db, userId)) ?? { ...DEFAULT_DELIVERY, timeZone: 'UTC' };
    if (!digestDue(preferences, oldestHeldAt, now)) continue;
    const user = await findUserById(db, userId);
    const claimed = await claimHeldMails(db, userId, now, now);
    if (!user || claimed.length === 0) continue;
    summary.members += 1;
    const byOrg = new Map<string, NotificationHeldMail[]>();
    for (const item of claimed) byOrg.set(item.organizationId, [...(byOrg.get(item.organizationId) ?? []), item]);
    for (const [organizationId, items] of byOrg) {
      const org = await getOrganizationById(db, organizationId);
      const base = appUrl();
      const slug = encodeURIComponent(org?.slug ?? '');
      const { subject, text, html } = digestMailContent({
        organizationName: org?.name ?? 'Motorpool',
        groups: groupDigest(
          items.map((item) => ({ ...item, link: new URL(item.path, base).toString() })),
          NOTIFICATION_KINDS,
        ),
        inboxLink: new URL(`/o/${slug}/notifications`, base).toString(),
        settingsLink: new URL(`/o/${slug}/settings#notification-delivery`, base).toString(),
      });
      try {
        await mailer.transport.sendMail({ from: mailer.from, to: user.email, subject, text, html });
        summary.mails += 1;
        summary.items += items.length;
      } catch (error) {
        logger().error({ event: 'notifications.digest_failed', err: error }, 'a notification digest could not be sent');
        await releaseHeldMails(
          db,
          items.map((item) => item.id),
        );
      }
    }
  }
  return summary;
}

/** The digests as a background job: on PostgreSQL the shared queue runs each minute's pass once across the cluster. */
export function notificationsDigestJob(db: () => Db, now: () => Date = () => new Date(), mailer?: () => Mailer | null): RecurringJob {
  return {
    name: 'notifications.digest',
    everyMs: 60_000,
    run: async (signal) => {
      await sendDigests(db(), now(), { signal, mailer: mailer?.() });
    },
  };
}
