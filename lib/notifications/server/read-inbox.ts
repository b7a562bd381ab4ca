import 'server-only';
import { getDb } from '@/lib/db';
import { countUnread, listInbox, markRead } from '@/lib/db/repos/notifications/inbox';
import type { Notification } from '@/lib/db/schema';
import { AppError } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import { notificationHref, type InboxPage, type NotificationView } from '../inbox';
import type { MarkReadInput } from '../schemas';

const PAGE = 30;

export function toNotificationView(org: string, row: Notification): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    href: notificationHref(org, row),
    cleared: row.cleared,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

const encodeCursor = (row: Notification) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id))
    throw new AppError('INVALID_CURSOR', 'cursor: not a page of this inbox.');
  return { createdAt, id };
}

/** The signed-in member's inbox in this organization, newest first. */
export async function readInbox(access: OrgAccess, query: { unread?: '1' | '0'; cursor?: string }): Promise<InboxPage> {
  const db = getDb();
  const rows = await listInbox(db, access.org.id, access.user.id, {
    limit: PAGE + 1,
    unreadOnly: query.unread === '1',
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
  });
  const page = rows.slice(0, PAGE);
  return {
    items: page.map((row) => toNotificationView(access.org.slug, row)),
    unread: await countUnread(db, access.org.id, access.user.id),
    nextCursor: rows.length > PAGE ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function readUnreadCount(access: OrgAccess): Promise<{ unread: number }> {
  return { unread: await countUnread(getDb(), access.org.id, access.user.id) };
}

export async function markNotificationsRead(access: OrgAccess, input: MarkReadInput): Promise<{ changed: number; unread: number }> {
  const db = getDb();
  const changed = await markRead(db, access.org.id, access.user.id, 'all' in input ? 'all' : input.ids);
  return { changed, unread: await countUnread(db, access.org.id, access.user.id) };
}
