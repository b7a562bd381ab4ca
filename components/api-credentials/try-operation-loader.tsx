'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import type { TryableOperation } from '@/lib/api-credentials/try-operation';
import { SectionCard } from '@/components/ui/card';

// Loaded by the reference page alone, and only in the browser: no other page carries it.
const TryOperation = clientLazy(
  () => import('./try-operation').then((m) => m.TryOperation),
  () => <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>,
);

/** The reference page's "try it" card for admins: GET operations with the admin's own session. */
export function TryOperationCard({ org, operations }: { org: string; operations: TryableOperation[] }) {
  return (
    <SectionCard
      id="api-try-heading"
      title="Try an operation"
      description="Send a GET operation of this organization with your own session and see its answer, errors included. Reads only: nothing is changed."
    >
      <TryOperation org={org} operations={operations} />
    </SectionCard>
  );
}
