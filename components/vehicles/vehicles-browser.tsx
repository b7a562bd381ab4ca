'use client';

import { withUrlState } from '@/components/list/with-url-state';
import { X } from 'lucide-react';
import { useQueryStates } from 'nuqs';
import { useState } from 'react';
import { useCan } from '@/components/layout/session-role';
import { FilterPanel } from '@/components/list/filter-panel';
import { ListNotice, CursorListPager } from '@/components/list/pager';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { sortVehicles } from '@/lib/vehicles/vehicle-columns';
import { describeStateFilters } from '@/lib/vehicles/state-filters';
import { Time } from '@/components/ui/time';
import { SavedViewBar } from '@/components/views/saved-view-bar';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { BulkActions } from '@/components/bulk/bulk-actions';
import { StateFilter } from './state-filter';
import { ColumnChooser } from './column-chooser';
import { ExportVehicles } from './export-vehicles';
import { TagFilter } from './tag-filter';
import { VehicleSearch } from './vehicle-search';
import { fromSortValue, toSortValue, VEHICLE_VIRTUALIZE, vehicleCaption, vehicleColumns } from './vehicle-table';
import { stateFiltersOf, stateFilterUpdate, vehicleListApiParams, vehicleListParams, vehicleListQuery } from './vehicle-list-params';
import { usePageTags, useVehicleList } from '@/lib/vehicles/list-query';

const NONE: ReadonlySet<string> = new Set();

/** The fleet: search, tag filter, filter builder, columns, export, and one page of vehicles at a time. */
function VehiclesList({ org }: { org: string }) {
  const [state, setState] = useQueryStates(vehicleListParams);
  const list = useVehicleList(org, vehicleListApiParams(state));
  const { query } = list;
  const { cols: columns, sort, tagKey, tagValue } = state;
  const vehicles = sortVehicles(query.data?.items ?? [], sort);
  const pageTags = usePageTags(org, query.data?.items ?? [], columns.includes('tags'));
  const stateFilters = stateFiltersOf(state);
  const stateChips = describeStateFilters(stateFilters, usePreferences().pressure);
  const filtered = Boolean(list.filter || tagKey || tagValue || stateChips.length > 0);
  // A change of filter goes back to the first page, as a new entry in the history.
  const applyFilters = (changes: Parameters<typeof setState>[0]) => {
    void setState(changes, { history: 'push' });
    list.restart();
  };
  // Rows chosen on this page; another page, filter or sort starts with none.
  const [chosen, setChosen] = useState<{ view: string; ids: Set<string> }>({ view: '', ids: new Set() });
  const selected = chosen.view === list.queryString ? chosen.ids : NONE;
  const canTag = useCan('tags.write');
  const canListen = useCan('listening.write');
  const canCommand = useCan('commands.send');
  const selectable = canTag || canListen || canCommand;

  return (
    <div className="space-y-4">
      <SavedViewBar
        org={org}
        viewId={state.view}
        searchParams={vehicleListQuery({ ...state, filter: list.filter })}
        onViewChange={(view, options) => void setState({ view }, { history: options?.push ? 'push' : 'replace' })}
      />
      <Card className="grid grid-cols-1 gap-4 p-4 lg:grid-cols-2">
        <div className="space-y-4">
          <VehicleSearch org={org} />
          <TagFilter
            key={`${tagKey}\u0000${tagValue}`}
            org={org}
            tagKey={tagKey}
            tagValue={tagValue}
            onApply={(key, value) => applyFilters({ tagKey: key, tagValue: value })}
          />
          <StateFilter
            key={stateChips.map((c) => c.label).join('|')}
            filters={stateFilters}
            onApply={(next) => applyFilters(stateFilterUpdate(next))}
          />
        </div>
        <FilterPanel key={list.filter} filterText={list.filter} withBuilder onApply={list.setFilter} />
      </Card>

      {list.notice ? <ListNotice>{list.notice}</ListNotice> : null}

      <BulkActions
        org={org}
        selectedIds={vehicles.filter((v) => selected.has(v.id)).map((v) => v.id)}
        onClearSelection={() => setChosen({ view: list.queryString, ids: new Set() })}
        listFilter={{ filter: list.filter || undefined, tagKey: tagKey || undefined, tagValue: tagValue || undefined }}
        stateFiltered={stateChips.length > 0}
      />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {tagKey || tagValue ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2.5 py-1 text-accent-700 dark:bg-zinc-800 dark:text-zinc-100">
              Tag {tagKey || '*'}: {tagValue || '*'}
              <button type="button" aria-label="Remove the tag filter" onClick={() => applyFilters({ tagKey: null, tagValue: null })}>
                <X aria-hidden className="h-3.5 w-3.5" />
              </button>
            </span>
          ) : null}
          {stateChips.map((chip) => (
            <span
              key={chip.param}
              className="inline-flex items-center gap-1 rounded-full bg-accent-50 px-2.5 py-1 text-accent-700 dark:bg-zinc-800 dark:text-zinc-100"
            >
              {chip.label}
              <button type="button" aria-label={`Remove the filter: ${chip.label}`} onClick={() => applyFilters({ [chip.param]: null })}>
                <X aria-hidden className="h-3.5 w-3.5" />
              </button>
            </span>
          ))}
          {stateChips.length > 0 && query.data ? (
            <span className="text-zinc-600 dark:text-zinc-400" data-testid="snapshot-age">
              {query.data.snapshotAsOf ? (
                <>
                  Vehicle states as of <Time value={query.data.snapshotAsOf} compact />
                </>
              ) : (
                'No vehicle state read yet'
              )}
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportVehicles org={org} listQuery={new URLSearchParams(list.queryString)} />
          <ColumnChooser columns={columns} onChange={(next) => void setState({ cols: next })} />
        </div>
      </div>

      <DataTable
        label="Vehicles"
        caption={vehicleCaption(sort)}
        columns={vehicleColumns({ org, columns, tagsById: pageTags.data?.tags, tagsLoading: pageTags.isFetching })}
        query={query}
        pending={list.resetting}
        rows={query.data ? vehicles : undefined}
        rowKey={(v) => v.id}
        sort={{ value: toSortValue(sort), onChange: (next) => void setState({ sort: fromSortValue(next) }) }}
        virtualize={VEHICLE_VIRTUALIZE}
        selection={
          selectable
            ? {
                selected,
                onChange: (ids) => setChosen({ view: list.queryString, ids }),
                rowLabel: (v) => `Select ${v.vin ?? v.id}`,
                pageLabel: 'Select every vehicle on this page',
              }
            : undefined
        }
        loadingRows={8}
        texts={{ loading: 'Loading vehicles', error: 'The vehicles could not be loaded' }}
        empty={
          <EmptyState
            title={filtered ? 'No vehicle matches' : 'No vehicles yet'}
            action={
              filtered ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    void setState({ tagKey: null, tagValue: null, ...stateFilterUpdate({}) }, { history: 'push' });
                    list.setFilter(null);
                  }}
                >
                  Clear all filters
                </Button>
              ) : undefined
            }
          >
            {filtered ? 'Change or clear the filter to see more vehicles.' : 'Vehicles appear here once an owner connects an OEM account.'}
          </EmptyState>
        }
      />
      {query.data && !list.resetting && !query.isError ? <CursorListPager label="Vehicles" list={list} /> : null}
    </div>
  );
}

export const VehiclesBrowser = withUrlState(VehiclesList);
