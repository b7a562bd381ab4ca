import * as z from '@/lib/validations/zod';

/** An event id of the live stream (`<instance>.<sequence>`); anything else only means "resync". */
const lastEventId = z.optional(z.string().check(z.maxLength(64, 'Last-Event-ID is at most 64 characters')));

/** The browser's EventSource sends the header on its own reconnects; the page's own reconnect passes it in the query. */
export const liveHeadersSchema = z.object({ 'last-event-id': lastEventId });
export const liveQuerySchema = z.object({ lastEventId });
