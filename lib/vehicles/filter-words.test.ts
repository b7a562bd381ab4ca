import { describe, expect, it } from 'vitest';
import { conditionWords } from './filter-builder';
import { tagFilterWords } from './tag-words';

describe('filter chips in words', () => {
  it('names the field, the operator and the value of a condition', () => {
    expect(conditionWords({ field: 'make', operator: '==', value: 'Tesla' })).toBe('Brand = Tesla');
    expect(conditionWords({ field: 'model', operator: 'ilike', value: '3' })).toBe('Model contains 3');
    expect(conditionWords({ field: 'modelYear', operator: '>=', value: '2020' })).toBe('Model year ≥ 2020');
    expect(conditionWords({ field: 'vin', operator: 'isNull', value: '' })).toBe('VIN is empty');
    expect(conditionWords({ field: 'isListening', operator: '==', value: 'false' })).toBe('Listening: no');
    expect(conditionWords({ field: 'connectionStatus', operator: '!=', value: 'CONNECTED' })).toBe('Connection ≠ CONNECTED');
  });

  it('says a tag filter with its key, its value or both', () => {
    expect(tagFilterWords('depot', 'north')).toBe('Tag depot = north');
    expect(tagFilterWords('depot', '')).toBe('Tag depot (any value)');
    expect(tagFilterWords('', 'north')).toBe('Any tag = north');
  });
});
