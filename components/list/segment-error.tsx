'use client';

import { ErrorState } from '@/components/ui/error-state';

/**
 * A console segment's `error.tsx`: what failed, a retry that re-renders the segment, and the
 * server's error reference when there is one. A server error reaches the browser as that
 * reference alone, never as a missing consent: that explanation is a data section's (SectionError),
 * and stays out of the first load of every page, which carries one of these per segment.
 */
export function SegmentError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  const state = <ErrorState error={error} title={title} onRetry={onRetry} />;
  if (!digest) return state;
  return (
    <div className="space-y-2">
      {state}
      <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">Error reference {digest}</p>
    </div>
  );
}
