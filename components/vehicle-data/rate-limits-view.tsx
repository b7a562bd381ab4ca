'use client';

import { Bar } from '@/components/ui/bar';
import { humanize, perWindow } from '@/lib/format/figures';
import { DataCard } from './data-card';
import { useRateLimits } from '@/lib/commands/budget-query';
import { BUDGET_NAMES, budgetKind } from '@/lib/commands/command-availability';

/** [V] what each key limits, in words, read from the key's end (`OEM_...` or a brand's `BMW_...`). */
const keyName = (key: string | null | undefined) => {
  const kind = budgetKind(key);
  return kind ? BUDGET_NAMES[kind] : undefined;
};

function barClass(share: number): string {
  if (share === 0) return 'bg-red-600';
  if (share < 0.25) return 'bg-amber-500';
  return 'bg-emerald-600';
}

/** Each request budget of the vehicle: remaining of maximum, over which window, as a bar with its numbers. */
export function RateLimitsView({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useRateLimits(org, vehicleId);
  return (
    <DataCard
      id="rate-limits"
      title="Rate limits"
      description="Requests the manufacturer allows for this vehicle, per key and window; windows renew on their own."
      query={query}
      empty={{ when: ({ limits }) => limits.length === 0, text: 'The Vehicle API reports no rate limit for this vehicle.' }}
    >
      {({ limits }) => (
        <ul className="space-y-5">
          {limits.map((limit, i) => {
            const max = limit.maxRequests ?? 0;
            const remaining = limit.remainingRequests ?? 0;
            const share = max > 0 ? Math.max(0, Math.min(1, remaining / max)) : 0;
            const window = perWindow(limit.windowSizeSeconds);
            const name = keyName(limit.key) ?? (humanize(limit.key) || 'Limit');
            return (
              <li key={`${limit.key}-${i}`} className="space-y-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium">
                    {name} <span className="font-mono text-xs font-normal text-zinc-600 dark:text-zinc-400">{limit.key}</span>
                  </p>
                  <p className="tabular text-sm">
                    <span className="font-semibold">{remaining}</span> of {max} requests left{window ? ` ${window}` : ''}
                    {remaining === 0 ? <span className="font-semibold text-red-700 dark:text-red-400"> · spent</span> : null}
                  </p>
                </div>
                <Bar
                  role="meter"
                  label={`${name}: requests left`}
                  value={remaining}
                  max={max}
                  valueText={`${remaining} of ${max} requests left${window ? ` ${window}` : ''}`}
                  percent={share * 100}
                  className="h-2.5 w-full"
                  fillClassName={barClass(share)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </DataCard>
  );
}
