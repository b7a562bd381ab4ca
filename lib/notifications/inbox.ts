import type { InboxKind } from './kinds';

/** An inbox entry as the browser receives it: Motorpool's own words and a link inside the console. */
export type NotificationView = {
  id: string;
  kind: InboxKind;
  title: string;
  body: string;
  /** Path inside the console (`/o/<org>/...`): the vehicle, the command, or the job. */
  href: string | null;
  cleared: boolean;
  read: boolean;
  createdAt: string;
};

export type InboxPage = { items: NotificationView[]; unread: number; nextCursor: string | null };

/** Where an entry leads: the vehicle (whose page holds its commands and their outcomes), else the bulk job. */
export function notificationHref(org: string, entry: { vehicleId: string | null; bulkJobId: string | null }): string | null {
  const slug = encodeURIComponent(org);
  if (entry.vehicleId) return `/o/${slug}/vehicles/${encodeURIComponent(entry.vehicleId)}`;
  if (entry.bulkJobId) return `/o/${slug}/bulk/${encodeURIComponent(entry.bulkJobId)}`;
  return null;
}
