import { describe, expect, it } from 'vitest';
import * as z from '@/lib/validations/zod';
import { createViewSchema } from '@/lib/views/schemas';
import { sameViewQuery, viewHref, viewQueryFromParams } from './saved-views';

describe('saved views', () => {
  it('keep the filters, columns and sort of the list, not its paging or the view it came from', () => {
    const params = new URLSearchParams('filter=%5B%5D&staleHours=24&charging=1&cols=vin,plate&sort=-plate&pages=abc&size=50&view=x');
    expect(viewQueryFromParams(params)).toEqual({ filter: '[]', staleHours: '24', charging: '1', cols: 'vin,plate', sort: '-plate' });
  });

  it('open the vehicles list with the saved parameters and the view named', () => {
    const href = viewHref('demo', { id: 'v1', query: { tagKey: 'depot', tagValue: 'north', socBelow: '20' } });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/o/demo/vehicles');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tagKey: 'depot', tagValue: 'north', socBelow: '20', view: 'v1' });
  });

  it('tell a list changed since the view was saved', () => {
    expect(sameViewQuery({ staleHours: '24' }, { staleHours: '24' })).toBe(true);
    expect(sameViewQuery({ staleHours: '24' }, { staleHours: '24', sort: 'vin' })).toBe(false);
  });

  it('refuse a parameter the list does not have and values the list would not read', () => {
    const parse = (query: unknown) => z.safeParse(createViewSchema, { name: 'A view', shared: false, query }).success;
    expect(parse({ staleHours: '24', cols: 'vin,plate', sort: '-plate' })).toBe(true);
    expect(parse({ pages: 'abc' })).toBe(false);
    expect(parse({ staleHours: 'soon' })).toBe(false);
    expect(parse({ charging: 'yes' })).toBe(false);
    expect(parse({ cols: '<script>' })).toBe(false);
    expect(z.safeParse(createViewSchema, { name: '  ', shared: false, query: {} }).success).toBe(false);
  });
});
