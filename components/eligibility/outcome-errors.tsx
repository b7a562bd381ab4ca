import { ExplainedWords } from '@/components/ui/explained-words';
import { explainActionCategory, explainConnectionError } from '@/lib/contract/outcome-text';
import type { BulkOutcome } from '@/lib/eligibility/bulk-connect';

type OutcomeError = NonNullable<BulkOutcome['errors']>[number];

/**
 * One per-VIN error of a bulk connection in plain words (lib/contract/outcome-text.ts) with its
 * next step, and the service's code and text beside it for support. A code the catalog does not
 * know is shown as it came, with its action category's words when there is one.
 */
export function OutcomeError({ error }: { error: OutcomeError }) {
  const words = explainConnectionError(error.code, error.actionCategory);
  const category = error.actionCategory ? explainActionCategory(error.actionCategory) : null;
  return (
    <div className="space-y-0.5">
      {words ? <ExplainedWords words={words} /> : null}
      {category && category !== words ? (
        <p>
          <span className="font-medium">{category.title}:</span> {category.what} {category.nextStep}
        </p>
      ) : null}
      <p className="text-zinc-600 dark:text-zinc-400">
        {error.code ? <span className="font-mono">{error.code}</span> : null}
        {error.message ? ` “${error.message}”` : null}
      </p>
    </div>
  );
}
