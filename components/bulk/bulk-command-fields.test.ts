import { describe, expect, it } from 'vitest';
import { COMMAND_CATALOG, COMMAND_CONFIRMATIONS } from '@/lib/commands/catalog';
import { bulkCommandArgs, bulkCommandText } from './bulk-command-fields';

describe('bulkCommandArgs', () => {
  it('reads number fields as numbers and an empty number as absent', () => {
    expect(bulkCommandArgs('SET_TEMPERATURE', { driverTemperature: ' 21.5 ', passengerTemperature: '' })).toEqual({
      driverTemperature: 21.5,
      passengerTemperature: undefined,
    });
  });

  it('keeps text fields as typed, trimmed', () => {
    expect(bulkCommandArgs('SET_VEHICLE_NAME', { name: '  Van 7 ' })).toEqual({ name: 'Van 7' });
  });

  it('answers null for a command without arguments', () => {
    expect(bulkCommandArgs('LOCK_DOORS', { stray: '1' })).toBeNull();
  });
});

describe('bulkCommandText', () => {
  it("gives the catalog's label and its warning", () => {
    expect(bulkCommandText('UNLOCK_DOORS')).toEqual({
      label: COMMAND_CATALOG.UNLOCK_DOORS.label,
      confirm: COMMAND_CONFIRMATIONS.UNLOCK_DOORS,
    });
    expect(COMMAND_CONFIRMATIONS.UNLOCK_DOORS).toContain('Anyone near the vehicle');
    expect(bulkCommandText('LOCK_DOORS')).toEqual({ label: 'Lock doors', confirm: undefined });
  });
});
