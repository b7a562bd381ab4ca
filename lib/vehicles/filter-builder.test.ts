import { describe, expect, it } from 'vitest';
import { buildFilter, rowsOfFilter, type BuilderRow } from './filter-builder';
import { currentToken, readPageStack, writePageStack } from '@/lib/list/page-stack';

describe('filter builder', () => {
  it('builds one condition, or an array when there are several; skips empty values', () => {
    expect(buildFilter([])).toBeUndefined();
    expect(buildFilter([{ field: 'make', operator: '==', value: 'Tesla' }])).toEqual({ field: 'make', operator: '==', value: 'Tesla' });
    const rows: BuilderRow[] = [
      { field: 'model', operator: 'ilike', value: 'mod' },
      { field: 'modelYear', operator: '>=', value: '2020' },
      { field: 'isListening', operator: '==', value: 'false' },
      { field: 'vin', operator: 'isNull', value: '' },
      { field: 'registrationPlate', operator: '==', value: '  ' },
    ];
    expect(buildFilter(rows)).toEqual([
      { field: 'model', operator: 'ilike', value: '%mod%' },
      { field: 'modelYear', operator: '>=', value: 2020 },
      { field: 'isListening', operator: '==', value: false },
      { field: 'vin', operator: 'isNull' },
    ]);
  });

  it('reads a built filter back into rows, and gives up (raw mode) on anything else', () => {
    const rows: BuilderRow[] = [
      { field: 'model', operator: 'ilike', value: 'mod' },
      { field: 'connectionStatus', operator: '!=', value: 'CONNECTED' },
    ];
    expect(rowsOfFilter(buildFilter(rows))).toEqual(rows);
    expect(rowsOfFilter(undefined)).toEqual([]);
    expect(rowsOfFilter({ or: [{ field: 'make', operator: '==', value: 'Kia' }] })).toBeNull();
    expect(rowsOfFilter({ field: 'trim', operator: '==', value: 'x' })).toBeNull();
    expect(rowsOfFilter({ field: 'isListening', operator: 'ilike', value: 'x' })).toBeNull();
  });
});

describe('page token stack in the URL', () => {
  it('round-trips tokens, commas and percent signs included', () => {
    const stack = ['eyJvIjoyMH0', 'a,b', '100%'];
    const param = writePageStack(stack)!;
    expect(param.split(',')).toHaveLength(3);
    expect(readPageStack(new URLSearchParams({ pages: param }).get('pages'))).toEqual(stack);
    expect(currentToken(stack)).toBe('100%');
    expect(writePageStack([])).toBeUndefined();
    expect(readPageStack(null)).toEqual([]);
  });
});
