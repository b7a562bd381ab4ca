'use client';

import { ErrorState } from '@/components/ui/error-state';

/** The `error.tsx` of a fleet section: what failed, and a retry that re-renders the segment. */
export function SectionError({ error, reset, title }: { error: Error & { digest?: string }; reset: () => void; title: string }) {
  return (
    <div className="space-y-2">
      <ErrorState error={error} title={title} onRetry={reset} />
      {error.digest ? <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">Error reference {error.digest}</p> : null}
    </div>
  );
}
