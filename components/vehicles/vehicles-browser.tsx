'use client';

import { withUrlState } from '@/components/list/with-url-state';
import { clientLazy } from '@/components/ui/client-lazy';
import { useQueryStates } from 'nuqs';
import { useState } from 'react';
import { useCan } from '@/components/layout/session-role';
import { FilterBar, FilteredEmpty } from '@/components/list/filter-bar';
import { ListNotice, CursorListPager } from '@/components/list/pager';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { sortVehicles } from '@/lib/vehicles/vehicle-columns';
import { hasStateFilters } from '@/lib/vehicles/state-filters';
import { Time } from '@/components/ui/time';
import { SavedViewBar } from '@/components/views/saved-view-bar';
import { ColumnChooser } from './column-chooser';
import { ExportVehicles } from './export-vehicles';
import { VehicleSearch } from './vehicle-search';
import type { VehicleSelection } from './vehicle-selection-bar';
import { useVehicleFilters } from './vehicle-filters';
import { preloadFilterEditors } from './lazy-filter-editors';
import { fromSortValue, toSortValue, VEHICLE_VIRTUALIZE, vehicleCaption, vehicleColumns } from './vehicle-table';
import { stateFiltersOf, stateFilterUpdate, vehicleListApiParams, vehicleListParams, vehicleListQuery } from './vehicle-list-params';
import { usePageTags, useVehicleList } from '@/lib/vehicles/list-query';

/**
 * The bar of the selection and its bulk actions shows only once a row is selected: its code (the
 * bulk forms, their preview and type-back) loads then, behind a bar of the same place and height.
 */
const VehicleSelectionBar = clientLazy(
  () => import('./vehicle-selection-bar').then((m) => m.VehicleSelectionBar),
  () => (
    <section
      aria-label="Selected vehicles"
      className="sticky bottom-2 z-20 min-h-24 rounded-xl border border-accent-100 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      <p role="status" className="text-sm">
        Loading the bulk actions…
      </p>
    </section>
  ),
);

const NONE: VehicleSelection = { ids: new Set(), allMatching: false };

/** The fleet: one filter bar (search, filters as chips, views, export, columns), the rows, and bulk actions on what is selected. */
function VehiclesList({ org }: { org: string }) {
  const [state, setState] = useQueryStates(vehicleListParams);
  const list = useVehicleList(org, vehicleListApiParams(state));
  const { query } = list;
  const { cols: columns, sort, tagKey, tagValue } = state;
  const vehicles = sortVehicles(query.data?.items ?? [], sort);
  const pageTags = usePageTags(org, query.data?.items ?? [], columns.includes('tags'));
  const stateFilters = stateFiltersOf(state);
  const stateFiltered = hasStateFilters(stateFilters);
  // A change of filter goes back to the first page, as one new entry in the history (nuqs batches the two updates).
  const applyFilters = (changes: Parameters<typeof setState>[0]) => {
    void setState(changes, { history: 'push' });
    list.restart();
  };
  const { active, choices } = useVehicleFilters({
    org,
    tagKey,
    tagValue,
    stateFilters,
    filterText: list.filter,
    setTag: (key, value) => applyFilters({ tagKey: key || null, tagValue: value || null }),
    setStateFilters: (next) => applyFilters(stateFilterUpdate(next)),
    setFilterText: (text) => list.setFilter(text || null),
  });
  const clearAll = () => {
    void setState({ tagKey: null, tagValue: null, ...stateFilterUpdate({}) }, { history: 'push' });
    list.setFilter(null);
  };
  // Rows chosen on this page (or every match); another page, filter or sort starts with none.
  const [chosen, setChosen] = useState<{ view: string } & VehicleSelection>({ view: '', ...NONE });
  const selection = chosen.view === list.queryString ? chosen : NONE;
  const select = (next: VehicleSelection) => setChosen({ view: list.queryString, ...next });
  const canTag = useCan('tags.write');
  const canListen = useCan('listening.write');
  const canCommand = useCan('commands.send');
  const selectable = canTag || canListen || canCommand;

  return (
    <div className="space-y-3">
      <FilterBar
        onMenuOpen={preloadFilterEditors}
        label="Vehicle filters"
        search={<VehicleSearch org={org} />}
        active={active}
        choices={choices}
        onClearAll={clearAll}
        end={
          <>
            <ExportVehicles org={org} listQuery={new URLSearchParams(list.queryString)} />
            <ColumnChooser columns={columns} onChange={(next) => void setState({ cols: next })} />
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <SavedViewBar
          org={org}
          viewId={state.view}
          searchParams={vehicleListQuery({ ...state, filter: list.filter })}
          onViewChange={(view, options) => void setState({ view }, { history: options?.push ? 'push' : 'replace' })}
        />
        {stateFiltered && query.data ? (
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

      {list.notice ? <ListNotice>{list.notice}</ListNotice> : null}

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
                // Every match chosen: the page's rows read as chosen too.
                selected: selection.allMatching ? new Set(vehicles.map((v) => v.id)) : selection.ids,
                onChange: (ids) => select({ ids, allMatching: false }),
                rowLabel: (v) => `Select ${v.vin ?? v.id}`,
                pageLabel: 'Select every vehicle on this page',
              }
            : undefined
        }
        loadingRows={8}
        texts={{ loading: 'Loading vehicles', error: 'The vehicles could not be loaded' }}
        empty={
          active.length > 0 ? (
            <FilteredEmpty noun="vehicles" active={active} onClearAll={clearAll} />
          ) : (
            <EmptyState title="No vehicles yet">Vehicles appear here once an owner connects an OEM account.</EmptyState>
          )
        }
      />
      {selectable && (selection.ids.size > 0 || selection.allMatching) ? (
        <VehicleSelectionBar
          org={org}
          selection={selection}
          pageIds={vehicles.map((v) => v.id)}
          total={query.data?.totalResults ?? null}
          stateFiltered={stateFiltered}
          listFilter={{ filter: list.filter || undefined, tagKey: tagKey || undefined, tagValue: tagValue || undefined }}
          onChange={select}
        />
      ) : null}
      {query.data && !list.resetting && !query.isError ? <CursorListPager label="Vehicles" list={list} /> : null}
    </div>
  );
}

export const VehiclesBrowser = withUrlState(VehiclesList);
