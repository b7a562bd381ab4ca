'use client';

import { Bar } from '@/components/ui/bar';
import { Time } from '@/components/ui/time';
import { useCommandBudget } from '@/lib/commands/budget-query';

function formatWindow(seconds: number | null | undefined): string {
  if (!seconds) return '';
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** The vehicle's remaining command budget, as a bar with its numbers. */
export function CommandBudget({ org, vehicleId }: { org: string; vehicleId: string }) {
  const budget = useCommandBudget(org, vehicleId);
  if (budget.isPending) return <p className="text-xs text-zinc-600 dark:text-zinc-400">Reading the command budget…</p>;
  if (budget.isError || !budget.data)
    return <p className="text-xs text-zinc-600 dark:text-zinc-400">Command budget not reported for this vehicle.</p>;
  const { remainingRequests: remaining = 0, maxRequests: max = 0, windowSizeSeconds, asOf, fromEvent } = budget.data;
  const share = max ? Math.max(0, Math.min(1, (remaining ?? 0) / max)) : 0;
  return (
    <div className="space-y-1 text-xs">
      <p>
        Command budget: <span className="tabular font-semibold">{remaining}</span> of <span className="tabular">{max}</span> left
        {windowSizeSeconds ? ` per ${formatWindow(windowSizeSeconds)}` : ''}
        {asOf ? (
          <span className="text-zinc-600 dark:text-zinc-400" data-testid="command-budget-as-of">
            {' '}
            · as of <Time value={asOf} compact />
            {fromEvent ? ', pushed by the Vehicle API' : ''}
          </span>
        ) : null}
      </p>
      <Bar
        role="meter"
        label="Remaining command budget"
        value={remaining ?? 0}
        max={max ?? 0}
        percent={share * 100}
        className="h-1.5 w-full max-w-xs"
        fillClassName={share === 0 ? 'bg-red-600' : share < 0.25 ? 'bg-amber-500' : 'bg-emerald-600'}
      />
    </div>
  );
}
