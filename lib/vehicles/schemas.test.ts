import { describe, expect, it } from 'vitest';
import { TAG_LIMIT } from '@/lib/contract/vehicle-api';
import { checkFilterText, registrationPlateSchema, tagInputSchema, vehicleListQuerySchema } from './schemas';

describe('checkFilterText', () => {
  it('accepts every form of the grammar', () => {
    const cases = [
      '{"field":"make","operator":"==","value":"Tesla"}',
      '[{"field":"make","operator":"==","value":"Tesla"},{"field":"modelYear","operator":">=","value":2020}]',
      '{"or":[{"field":"isListening","operator":"==","value":false},{"field":"vin","operator":"isNull"}]}',
      '{"not":[{"and":[{"field":"metadata.accountId","operator":"!=","value":null}]}]}',
    ];
    for (const text of cases) expect(checkFilterText(text), text).toEqual({ ok: true, filter: JSON.parse(text) });
    expect(checkFilterText('  ')).toEqual({ ok: true, filter: undefined });
  });

  it('names the problem: JSON syntax, operator, missing value, empty or/not arity', () => {
    expect(checkFilterText('{"field":')).toMatchObject({ ok: false, message: expect.stringMatching(/^The filter is not valid JSON/) });
    expect(checkFilterText('{"field":"make","operator":"equals","value":"x"}')).toEqual({
      ok: false,
      message: expect.stringMatching(/^filter\.operator: operator must be one of isNull, /),
    });
    expect(checkFilterText('{"field":"make","operator":"=="}')).toEqual({ ok: false, message: 'filter.value: value is required for ==' });
    expect(checkFilterText('{"or":[]}')).toEqual({ ok: false, message: 'filter.or: or needs at least one element' });
    expect(checkFilterText('{"not":[{"field":"a","operator":"isNull"},{"field":"b","operator":"isNull"}]}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('filter.not'),
    });
    expect(checkFilterText('[{"field":"make","operator":"ilike","value":3}]')).toEqual({
      ok: false,
      message: 'filter[0].value: value must be a string for ilike',
    });
    expect(checkFilterText('"make"')).toMatchObject({ ok: false });
  });
});

describe('fleet input schemas', () => {
  it('limits tags to the contract length and trims them', () => {
    expect(tagInputSchema.parse({ key: ' depot ', value: 'North' })).toEqual({ key: 'depot', value: 'North' });
    expect(tagInputSchema.safeParse({ key: 'k'.repeat(TAG_LIMIT), value: 'v' }).success).toBe(true);
    const tooLong = tagInputSchema.safeParse({ key: 'k'.repeat(TAG_LIMIT + 1), value: 'v' });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0].message).toBe(`A tag key has at most ${TAG_LIMIT} characters`);
    expect(tagInputSchema.safeParse({ key: '   ', value: 'v' }).success).toBe(false);
  });

  it('limits the registration plate to 1 to 50 characters', () => {
    expect(registrationPlateSchema.safeParse({ registrationPlate: 'B-MP 1' }).success).toBe(true);
    expect(registrationPlateSchema.safeParse({ registrationPlate: '' }).success).toBe(false);
    expect(registrationPlateSchema.safeParse({ registrationPlate: 'x'.repeat(51) }).success).toBe(false);
  });

  it('parses the list query: default page size, filter checked and parsed, tags kept', () => {
    expect(vehicleListQuerySchema.parse({})).toEqual({ pageSize: 20 });
    expect(
      vehicleListQuerySchema.parse({
        pageSize: '100',
        filter: '{"field":"make","operator":"==","value":"Kia"}',
        tagKey: 'depot',
        tagValue: '',
      }),
    ).toEqual({
      pageSize: 100,
      filter: { field: 'make', operator: '==', value: 'Kia' },
      tagKey: 'depot',
    });
    const bad = vehicleListQuerySchema.safeParse({ filter: '{"or":[]}' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('filter.or: or needs at least one element');
    // Above the contract maximum is left for the upstream to refuse with PAGE_SIZE_TOO_LARGE.
    expect(vehicleListQuerySchema.parse({ pageSize: '500' }).pageSize).toBe(500);
    expect(vehicleListQuerySchema.safeParse({ pageSize: '0' }).success).toBe(false);
  });
});
