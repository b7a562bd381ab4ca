import { ExplainedWords } from '@/components/ui/explained-words';
import { explainActionCategory, explainConnectionError } from '@/lib/contract/outcome-text';
import type { VehicleRecord } from '@/lib/vehicles/types';

/**
 * What stands in the way of the vehicle's connection, in the catalog's plain words
 * (lib/contract/outcome-text.ts) with the next step; the service's code, category and text stay
 * below for support. Nothing when the service reports no problem.
 */
export function ConnectionProblem({ vehicle }: { vehicle: VehicleRecord }) {
  const { connectionErrorCode: code, connectionErrorMessage: raw, actionCategory } = vehicle;
  if (!code && !raw && !actionCategory) return null;
  const words = explainConnectionError(code, actionCategory) ?? (actionCategory ? explainActionCategory(actionCategory) : null);
  return (
    <div role="group" aria-label="Connection problem" className="mt-3 space-y-0.5 text-sm text-red-700 dark:text-red-400">
      {words ? <ExplainedWords words={words} /> : null}
      <p className={words ? 'text-xs text-zinc-600 dark:text-zinc-400' : undefined}>
        {[code, actionCategory].filter(Boolean).map((c) => (
          <span key={c} className="mr-2 font-mono text-xs">
            {c}
          </span>
        ))}
        {raw ? `“${raw}”` : null}
      </p>
    </div>
  );
}
