import { describe, expect, it } from 'vitest';
import { BULK_CONNECT } from '@/lib/contract/vehicle-api';
import { countOutcomes, eligibleVins, inBatches, retryVins, toBulkConnectItem } from './bulk-connect';

describe('bulk connection rows', () => {
  it('splits into requests of at most 100 VINs', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    expect(inBatches(items).map((b) => b.length)).toEqual([BULK_CONNECT.maxVins, BULK_CONNECT.maxVins, 50]);
    expect(inBatches([])).toEqual([]);
  });

  it('takes the eligible VINs once, with the country and make they were checked with', () => {
    const sent = [
      { vin: 'AAAAAAAAAAAAAAAA1', countryCode: 'DE', make: 'VOLKSWAGEN' },
      { vin: 'AAAAAAAAAAAAAAAA2', countryCode: 'FR' },
      { vin: 'AAAAAAAAAAAAAAAA3', countryCode: 'NL' },
    ];
    const results = [
      { vin: 'AAAAAAAAAAAAAAAA1', status: 'ELIGIBLE' },
      { vin: 'aaaaaaaaaaaaaaaa1', status: 'ELIGIBLE' },
      { vin: 'AAAAAAAAAAAAAAAA2', status: 'INELIGIBLE' },
      { vin: 'AAAAAAAAAAAAAAAA3', status: 'ELIGIBLE' },
      { vin: 'BBBBBBBBBBBBBBBB9', status: 'ELIGIBLE' },
      { vin: null, status: 'ELIGIBLE' },
    ];
    expect(eligibleVins(results, sent)).toEqual({
      vins: [
        { vin: 'AAAAAAAAAAAAAAAA1', countryCode: 'DE', make: 'VOLKSWAGEN' },
        { vin: 'AAAAAAAAAAAAAAAA3', countryCode: 'NL' },
      ],
      unmatched: 1,
    });
  });

  it('takes the make the service read from the VIN when the row was sent without one', () => {
    const sent = [{ vin: 'AAAAAAAAAAAAAAAA1', countryCode: 'DE' }];
    expect(eligibleVins([{ vin: 'AAAAAAAAAAAAAAAA1', status: 'ELIGIBLE', make: 'TESLA' }], sent).vins).toEqual([
      { vin: 'AAAAAAAAAAAAAAAA1', countryCode: 'DE', make: 'TESLA' },
    ]);
  });

  it('writes a row as the vendor’s bulk connect item: make in its spelling and required, optional fields only when known', () => {
    expect(
      toBulkConnectItem({
        vin: 'V1',
        countryCode: 'GB',
        make: 'Mercedes-Benz',
        model: 'EQA',
        modelYear: 2023,
        registrationPlate: 'AB12 CDE',
        tags: [],
      }),
    ).toEqual({ vin: 'V1', countryCode: 'GB', make: 'MERCEDES BENZ', model: 'EQA', modelYear: 2023, registrationPlate: 'AB12 CDE' });
    expect(toBulkConnectItem({ vin: 'V1', countryCode: 'GB' })).toBeNull();
    expect(toBulkConnectItem({ vin: 'V1', countryCode: 'GB', make: 'Trabant' })).toBeNull();
  });

  it('retries only rows marked canRetry that carry a VIN and a country', () => {
    const results = [
      {
        vin: 'V1',
        countryCode: 'DE',
        make: 'TESLA',
        model: 'Model 3',
        modelYear: '2021',
        registrationPlate: 'B-XY 1',
        canRetry: true,
        status: 'ERROR',
      },
      { vin: 'V1', countryCode: 'DE', canRetry: true, status: 'ERROR' },
      { vin: 'V2', countryCode: 'DE', canRetry: false, status: 'INCOMPATIBLE' },
      { vin: 'V3', canRetry: true, status: 'CONNECTION_REQUIRED' },
      { vin: 'V4', countryCode: 'FR', canRetry: true, status: 'CONNECTION_REQUIRED' },
    ];
    expect(retryVins(results)).toEqual([
      { vin: 'V1', countryCode: 'DE', make: 'TESLA', model: 'Model 3', modelYear: 2021, registrationPlate: 'B-XY 1' },
      { vin: 'V4', countryCode: 'FR' },
    ]);
    expect(countOutcomes(results)).toEqual({ ERROR: 2, INCOMPATIBLE: 1, CONNECTION_REQUIRED: 2 });
  });
});
