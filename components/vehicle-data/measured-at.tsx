'use client';

import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { formatAge } from '@/lib/format/figures';
import { freshness, STALE_AFTER_TEXT, type SignalPace } from '@/lib/vehicle-data/staleness';

/** When a value was measured, its age, and a "Stale" mark past its pace's threshold (see staleness.ts). */
export function MeasuredAt({ timestamp, pace, now }: { timestamp: string | null | undefined; pace: SignalPace; now: number }) {
  const { ageMs, stale } = freshness(timestamp, now, pace);
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
      <span>
        Measured {timestamp ? <Time value={timestamp} compact /> : 'at an unknown time'}
        {ageMs !== null ? <span className="tabular">, {formatAge(ageMs)}</span> : null}
      </span>
      {stale ? (
        <StatusBadge tone="pending">
          Stale<span className="sr-only">: older than {STALE_AFTER_TEXT[pace]}</span>
        </StatusBadge>
      ) : null}
    </p>
  );
}
