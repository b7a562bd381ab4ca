import type { NotificationKind } from './kinds';

/**
 * When a member's notification e-mail goes out: at once, or held for a digest (quiet hours, an
 * hourly or daily digest). Pure and browser-safe: the clock is an argument, and every local time
 * is read through Intl in the member's zone, so a daylight-saving change moves nothing.
 */
export const DIGEST_MODES = ['off', 'hourly', 'daily'] as const;
export type DigestMode = (typeof DIGEST_MODES)[number];

export type DeliveryPreferences = {
  timeZone: string;
  /** Local `HH:MM`; both set or both null. A start after the end spans midnight (22:00–07:00). */
  quietStart: string | null;
  quietEnd: string | null;
  urgentDuringQuiet: boolean;
  digest: DigestMode;
  /** The local hour (0–23) a daily digest goes out. */
  digestHour: number;
};

/** What a member has before choosing: everything mailed at once. */
export const DEFAULT_DELIVERY: Omit<DeliveryPreferences, 'timeZone'> = {
  quietStart: null,
  quietEnd: null,
  urgentDuringQuiet: true,
  digest: 'off',
  digestHour: 8,
};

/**
 * Urgent: someone is waiting on it or something is at risk now. A failed or unknown command (its
 * sender is usually still at the vehicle) and a CRITICAL platform alert. Urgent mail is never put
 * in a digest, and passes quiet hours when the member allows it.
 */
export const URGENT_WORDS = 'Urgent: failed or unknown commands and critical platform alerts.';

export function isUrgent(kind: NotificationKind, severity?: string | null): boolean {
  if (kind === 'command_failed') return true;
  return kind === 'alert_severity' && (severity ?? '').toUpperCase() === 'CRITICAL';
}

type Local = { date: string; hour: number; minute: number };

/** The wall-clock date and time at `at` in the zone. */
export function localTime(at: Date, timeZone: string): Local {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')), minute: Number(part('minute')) };
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Whether `at` falls in the member's quiet hours (start inclusive, end exclusive). */
export function inQuietHours(prefs: Pick<DeliveryPreferences, 'timeZone' | 'quietStart' | 'quietEnd'>, at: Date): boolean {
  if (!prefs.quietStart || !prefs.quietEnd || prefs.quietStart === prefs.quietEnd) return false;
  const { hour, minute } = localTime(at, prefs.timeZone);
  const now = hour * 60 + minute;
  const start = minutesOf(prefs.quietStart);
  const end = minutesOf(prefs.quietEnd);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** Whether a mail of this kind goes out now or is held for the member's next digest. */
export function mailTiming(prefs: DeliveryPreferences, urgent: boolean, at: Date): 'now' | 'hold' {
  if (inQuietHours(prefs, at) && !(urgent && prefs.urgentDuringQuiet)) return 'hold';
  if (!urgent && prefs.digest !== 'off') return 'hold';
  return 'now';
}

const stamp = (l: Local) => `${l.date}T${String(l.hour).padStart(2, '0')}:${String(l.minute).padStart(2, '0')}`;

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Whether the member's held mail is due at `now`, given when the oldest of it was held: never in
 * quiet hours; with no digest as soon as quiet hours are over; hourly once a local hour has begun
 * since it was held; daily once the chosen local hour has come since it was held.
 */
export function digestDue(prefs: DeliveryPreferences, oldestHeldAt: Date, now: Date): boolean {
  if (inQuietHours(prefs, now)) return false;
  const local = localTime(now, prefs.timeZone);
  const held = stamp(localTime(oldestHeldAt, prefs.timeZone));
  switch (prefs.digest) {
    case 'off':
      return true;
    case 'hourly':
      return held < stamp({ date: local.date, hour: local.hour, minute: 0 });
    case 'daily': {
      const date = local.hour >= prefs.digestHour ? local.date : dayBefore(local.date);
      return held < stamp({ date, hour: prefs.digestHour, minute: 0 });
    }
  }
}

export type HeldItem = { kind: NotificationKind; title: string; body: string; link: string; heldAt: Date };
export type DigestGroup = { kind: NotificationKind; items: HeldItem[] };

/** Held items grouped by kind, kinds in the order of `kindOrder`, items oldest first. */
export function groupDigest(items: readonly HeldItem[], kindOrder: readonly NotificationKind[]): DigestGroup[] {
  const byKind = new Map<NotificationKind, HeldItem[]>();
  for (const item of [...items].sort((a, b) => a.heldAt.getTime() - b.heldAt.getTime())) {
    byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item]);
  }
  return kindOrder.filter((kind) => byKind.has(kind)).map((kind) => ({ kind, items: byKind.get(kind)! }));
}
