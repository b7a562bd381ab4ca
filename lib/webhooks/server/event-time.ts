import 'server-only';
import { notAfterArrival } from '@/lib/db/repos/vehicle-snapshots';
import type { WebhookEvent } from '@/lib/db/schema';
import { upstreamDate } from '@/lib/vehicle-api/upstream-values';

/** A time the vendor sent as text; null when absent or no date. */
export const validDate = (value: string | null | undefined): Date | null => upstreamDate(value);

/** When an event's change happened: its own time, else the envelope's, else its arrival; never far ahead of its arrival. */
export function eventTime(event: Pick<WebhookEvent, 'occurredAt' | 'receivedAt'>, own?: Date | null): Date {
  return notAfterArrival(own ?? event.occurredAt ?? event.receivedAt, event.receivedAt);
}
