import { Button } from '@/components/ui/button';
import { budgetWords, durationWords, estimateMethod, type BackfillEstimate } from '@/lib/history/backfill';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * The confirm step of a history backfill: what it costs in upstream calls and how long it takes
 * within the vehicle's budget share, how that was estimated, and the button that starts it.
 */
export function BackfillConfirm({
  estimate,
  pending,
  onConfirm,
  onCancel,
}: {
  estimate: BackfillEstimate;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const nothing = estimate.calls === 0;
  return (
    <section
      aria-labelledby="backfill-cost-title"
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="backfill-cost"
    >
      <h3 id="backfill-cost-title" className="font-medium">
        Cost of gathering from {estimate.from}
      </h3>
      {nothing ? (
        <p className="text-sm">Nothing to gather: the store already holds this vehicle’s history from this day on.</p>
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Upstream calls (estimate)</dt>
            <dd className="tabular text-xl font-semibold" data-testid="backfill-cost-calls">
              about {plural(estimate.calls, 'call')}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Time within the vehicle’s budget</dt>
            <dd className="text-xl font-semibold" data-testid="backfill-cost-duration">
              {durationWords(estimate.durationMs)}
            </dd>
          </div>
        </dl>
      )}
      <div className="space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <p>
          Budget: {budgetWords(estimate)}; {plural(estimate.budget.leftInWindow, 'call')} left in the current window
          {estimate.budget.reservedPerWindow > 0
            ? `, ${estimate.budget.reservedPerWindow} of each later one kept for the daily walk of new items`
            : ''}
          . The calls are spread over the windows; none is spent beyond the share.
        </p>
        <p className="font-medium">How this is estimated</p>
        <ul className="list-disc space-y-0.5 pl-5">
          {estimateMethod(estimate).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          An estimate from what is stored: the real count depends on how many journeys and charging sessions the upstream holds for those
          days.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={pending || nothing} onClick={onConfirm}>
          {pending ? 'Asking…' : `Gather history from ${estimate.from}`}
        </Button>
        <Button size="sm" variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
