import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS } from '@/lib/vehicles/vehicle-columns';
import { stateFiltersOf, stateFilterUpdate, vehicleListApiParams, vehicleListParams, vehicleListQuery } from './vehicle-list-params';

const read = (query: string) =>
  Object.fromEntries(
    Object.entries(vehicleListParams).map(([key, parser]) => {
      const raw = new URLSearchParams(query).get(key);
      const value = raw === null ? null : parser.parse(raw);
      return [key, value ?? ('defaultValue' in parser ? parser.defaultValue : null)];
    }),
  ) as Parameters<typeof vehicleListQuery>[0];

describe('the vehicles list in the URL', () => {
  it('keeps a state filter only when the route would accept it', () => {
    const state = read('socBelow=20&staleHours=0&charging=1&plugged=yes&tiresBelow=600');
    expect(stateFiltersOf(state)).toEqual({
      socBelow: 20,
      charging: true,
      pluggedIn: undefined,
      staleHours: undefined,
      tiresBelow: undefined,
      healthBelow: undefined,
      withAlerts: undefined,
    });
  });

  it('reads columns and sort as before, unknown ones falling back', () => {
    expect(read('cols=vin,nope,plate').cols).toEqual(['vin', 'plate']);
    expect(read('cols=nope').cols).toEqual([...DEFAULT_COLUMNS]);
    expect(read('sort=-year').sort).toEqual({ column: 'year', descending: true });
    expect(read('sort=tags').sort).toBeNull();
  });

  it('writes back the query a saved view keeps, defaults left out', () => {
    const state = { ...read('tagKey=depot&socBelow=30&sort=-year&view=v1'), filter: '[{"field":"make"}]' };
    const query = vehicleListQuery(state);
    expect(Object.fromEntries(query)).toEqual({ tagKey: 'depot', socBelow: '30', sort: '-year', view: 'v1', filter: '[{"field":"make"}]' });
    expect(vehicleListQuery({ ...read(''), filter: '' }).toString()).toBe('');
  });

  it('sends the tag and state filters to the API, not columns, sort or view', () => {
    expect(vehicleListApiParams(read('tagKey=depot&alerts=1&cols=vin&sort=vin&view=v1'))).toEqual({
      tagKey: 'depot',
      tagValue: undefined,
      socBelow: undefined,
      charging: undefined,
      plugged: undefined,
      staleHours: undefined,
      tiresBelow: undefined,
      healthBelow: undefined,
      alerts: '1',
    });
  });

  it('clears every state filter left out of an update', () => {
    expect(stateFilterUpdate({ charging: true })).toEqual({
      socBelow: null,
      charging: '1',
      plugged: null,
      staleHours: null,
      tiresBelow: null,
      healthBelow: null,
      alerts: null,
    });
  });
});
