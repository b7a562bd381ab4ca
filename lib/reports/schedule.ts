/**
 * Scheduled report e-mail, the browser-safe part: how often, which period a run reports, when the
 * next run is. A run reports the last whole period before it: a weekly one on Monday 06:00 UTC
 * reports Monday to Sunday just ended, a monthly one on the 1st at 06:00 UTC the month just ended
 * (UTC days, as the history store counts them).
 */
export const SCHEDULE_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export const FREQUENCY_WORDS: Record<ScheduleFrequency, string> = {
  weekly: 'Weekly (Mondays, the week before)',
  monthly: 'Monthly (the 1st, the month before)',
};

/** The hour (UTC) runs are due. */
const RUN_HOUR = 6;
const DAY_MS = 86_400_000;

const dayKey = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The first run strictly after `after`. */
export function nextRunAfter(frequency: ScheduleFrequency, after: Date): Date {
  const day = Math.floor(after.getTime() / DAY_MS) * DAY_MS;
  if (frequency === 'weekly') {
    // getUTCDay: Sunday 0, Monday 1.
    const toMonday = (8 - new Date(day).getUTCDay()) % 7;
    const candidate = day + toMonday * DAY_MS + RUN_HOUR * 3_600_000;
    return new Date(candidate > after.getTime() ? candidate : candidate + 7 * DAY_MS);
  }
  const d = new Date(day);
  const thisMonth = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1, RUN_HOUR);
  return new Date(thisMonth > after.getTime() ? thisMonth : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, RUN_HOUR));
}

/** The period a run at `runAt` reports, as the Reports page's URL names it. */
export function scheduledPeriodKey(frequency: ScheduleFrequency, runAt: Date): string {
  const today = Math.floor(runAt.getTime() / DAY_MS) * DAY_MS;
  if (frequency === 'weekly') {
    const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
    const monday = today - (sinceMonday + 7) * DAY_MS;
    return `${dayKey(monday)}..${dayKey(monday + 6 * DAY_MS)}`;
  }
  const d = new Date(today);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** A schedule as the API answers it. */
export interface ReportScheduleView {
  id: string;
  frequency: ScheduleFrequency;
  scope: { type: 'all' } | { type: 'tag'; key: string; value: string } | { type: 'view'; viewId: string };
  /** The recipients still members (with their address); ids of members who left are not listed. */
  recipients: { userId: string; email: string; name: string | null }[];
  nextRunAt: string;
  lastSentAt: string | null;
  lastPeriodKey: string | null;
}
