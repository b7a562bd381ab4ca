'use client';

import { BulkActions } from '@/components/bulk/bulk-actions';
import { SelectionBar } from '@/components/list/selection-bar';
import { Button } from '@/components/ui/button';

export type VehicleSelection = { ids: ReadonlySet<string>; allMatching: boolean };

const plural = (n: number) => `${n} vehicle${n === 1 ? '' : 's'}`;

/**
 * What is selected in the vehicles list, with the bulk actions over it: the rows chosen on this
 * page, or every vehicle the filter matches. State filters narrow the list from the snapshot,
 * which the server's "every match" would ignore, so with one on only the chosen rows are offered.
 */
export function VehicleSelectionBar({
  org,
  selection,
  pageIds,
  total,
  stateFiltered,
  listFilter,
  onChange,
}: {
  org: string;
  selection: VehicleSelection;
  /** The rows of this page, in order. */
  pageIds: string[];
  total: number | null;
  stateFiltered: boolean;
  listFilter: { filter?: string; tagKey?: string; tagValue?: string };
  onChange: (next: VehicleSelection) => void;
}) {
  const count = selection.allMatching
    ? total === null
      ? 'Every vehicle the filter matches'
      : `All ${plural(total)} the filter matches`
    : `${selection.ids.size} selected`;
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const extra = selection.allMatching ? (
    <Button variant="ghost" size="xs" onClick={() => onChange({ ids: new Set(), allMatching: false })}>
      Only the rows I chose
    </Button>
  ) : stateFiltered ? (
    <span className="text-xs text-zinc-600 dark:text-zinc-400">
      With vehicle-state filters on, a bulk action covers the vehicles selected on this page only.
    </span>
  ) : wholePage ? (
    <Button variant="secondary" size="xs" onClick={() => onChange({ ids: new Set(), allMatching: true })}>
      Select every vehicle the filter matches{total === null ? '' : ` (${total})`}
    </Button>
  ) : null;
  return (
    <SelectionBar label="Selected vehicles" count={count} extra={extra} onClear={() => onChange({ ids: new Set(), allMatching: false })}>
      <BulkActions
        org={org}
        selectedIds={pageIds.filter((id) => selection.ids.has(id))}
        scope={selection.allMatching ? 'filter' : 'selected'}
        onClearSelection={() => onChange({ ids: new Set(), allMatching: false })}
        listFilter={listFilter}
      />
    </SelectionBar>
  );
}
