import { describe, expect, it } from 'vitest';
import { seedOrganizations } from './fleet';
import { renderVehicle, vehicleFilterView } from './sim';

describe('vehicle filter view', () => {
  it('reads exactly like the rendered vehicle record, with and without vehicle:information', () => {
    const [org] = seedOrganizations(3, 1, 40, Date.parse('2026-06-01T00:00:00Z'));
    for (const vehicle of org.vehicles) {
      for (const withInformation of [true, false]) {
        const record = renderVehicle(vehicle, withInformation);
        const view = vehicleFilterView(vehicle, withInformation);
        for (const key of [...Object.keys(record), 'vin', 'registrationPlate', 'unknownField']) {
          expect(JSON.parse(JSON.stringify(view[key] ?? null)), key).toEqual(record[key] ?? null);
        }
      }
    }
  });
});
