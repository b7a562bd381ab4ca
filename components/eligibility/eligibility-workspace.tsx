'use client';

import { useCan } from '@/components/layout/session-role';
import { BulkLookup } from './bulk-lookup';
import { ChecksList } from './checks-list';
import { NewCheck } from './new-check';

export function EligibilityWorkspace({ org }: { org: string }) {
  const canCreate = useCan('eligibility.write');
  return (
    <div className="space-y-6">
      {/* The list first, so the checks are on the first screen; "New check" leads to the form below. */}
      <ChecksList org={org} canCreate={canCreate} />
      {canCreate ? <NewCheck org={org} /> : null}
      <BulkLookup org={org} />
    </div>
  );
}
