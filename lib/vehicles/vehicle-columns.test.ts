import { describe, expect, it } from 'vitest';
import { healthText, readColumns, readSort, sortVehicles, VEHICLE_COLUMNS, writeSort } from './vehicle-columns';

const v = (id: string, make: string | null, modelYear: string | null) => ({ id, make, modelYear });

describe('vehicle columns', () => {
  it('reads known columns from the URL and falls back to the default set', () => {
    expect(readColumns('vin,tags,bogus')).toEqual(['vin', 'tags']);
    expect(readColumns('bogus')).toContain('vin');
    expect(readColumns(null)).not.toContain('tags');
  });

  it('round-trips the sort parameter and ignores unsortable columns', () => {
    expect(readSort(writeSort({ column: 'year', descending: true }) ?? null)).toEqual({ column: 'year', descending: true });
    expect(readSort('tags')).toBeNull();
    expect(readSort('nope')).toBeNull();
  });

  it('sorts numbers naturally and puts empty values last in both directions', () => {
    const list = [v('a', 'Kia', '2021'), v('b', null, null), v('c', 'bmw', '2019'), v('d', 'Audi', '2100')];
    expect(sortVehicles(list, { column: 'year', descending: false }).map((x) => x.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(sortVehicles(list, { column: 'year', descending: true }).map((x) => x.id)).toEqual(['d', 'a', 'c', 'b']);
    expect(sortVehicles(list, { column: 'make', descending: false }).map((x) => x.id)).toEqual(['d', 'c', 'a', 'b']);
    expect(sortVehicles(list, null).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it("shows and sorts a make in a person's spelling, whichever spelling the service sent", () => {
    const list = [v('a', 'MERCEDES BENZ', null), v('b', 'Audi', null), v('c', 'VOLKSWAGEN', null)];
    expect(sortVehicles(list, { column: 'make', descending: false }).map((x) => x.id)).toEqual(['b', 'a', 'c']);
    expect(VEHICLE_COLUMNS.find((c) => c.id === 'make')!.value(list[0] as never)).toBe('Mercedes-Benz');
  });

  it('shows battery health with one decimal, sorts it as a number and puts vehicles without a figure last', () => {
    expect(healthText(91.44)).toBe('91.4%');
    expect(healthText(null)).toBe('');
    expect(readColumns(null)).toContain('health');
    const h = (id: string, percent: number | null) => ({
      id,
      batteryHealth: percent === null ? null : { percent, at: null, noData: false, failed: false, checkedAt: null },
    });
    const list = [h('a', 91.2), h('b', null), h('c', 100), h('d', 88.75)];
    expect(sortVehicles(list, { column: 'health', descending: false }).map((x) => x.id)).toEqual(['d', 'a', 'c', 'b']);
    expect(sortVehicles(list, { column: 'health', descending: true }).map((x) => x.id)).toEqual(['c', 'a', 'd', 'b']);
  });
});
