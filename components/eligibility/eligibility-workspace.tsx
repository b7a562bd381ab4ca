'use client';

import { useCan } from '@/components/layout/session-role';
import { BulkLookup } from './bulk-lookup';
import { ChecksList } from './checks-list';
import { NewCheck } from './new-check';

export function EligibilityWorkspace({ org }: { org: string }) {
  const canCreate = useCan('eligibility.write');
  return (
    <div className="space-y-6">
      {canCreate ? <NewCheck org={org} /> : null}
      <ChecksList org={org} canCreate={canCreate} />
      <BulkLookup org={org} />
    </div>
  );
}
