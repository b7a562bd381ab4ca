import { describe, expect, it } from 'vitest';
import { readPreferences } from '@/lib/profile/schemas';
import {
  convertDistance,
  convertPressure,
  convertTemperature,
  formatDistance,
  formatEfficiency,
  formatPressure,
  formatTemperature,
} from './units';
import { zoneAndUtc } from './time';

describe('units', () => {
  it('converts km to miles, °C to °F and kPa to psi, and keeps the chosen default as it came', () => {
    expect(convertDistance(160.9344, 'mi')).toBeCloseTo(100, 6);
    expect(convertDistance(100, 'km')).toBe(100);
    expect(convertDistance(100, 'km', 'mi')).toBeCloseTo(160.9344, 6);
    expect(convertTemperature(100, 'f')).toBe(212);
    expect(convertTemperature(-40, 'f')).toBe(-40);
    expect(convertPressure(250, 'psi')).toBeCloseTo(36.26, 2);
    expect(convertPressure(2.5, 'kpa', 'bar')).toBe(250);
  });

  it('writes figures with the chosen unit, a missing one as a dash, an unknown upstream unit as it came', () => {
    expect(formatDistance(16.09344, 'mi')).toBe('10 mi');
    expect(formatDistance(null, 'mi')).toBe('—');
    expect(formatDistance(5, 'mi', 1, 'm')).toBe('5 m');
    expect(formatTemperature(20, 'f')).toBe('68°F');
    expect(formatPressure(250, 'psi', 0)).toBe('36 psi');
    expect(formatEfficiency(10, 'mi')).toBe('16.1 kWh/100 mi');
  });

  it('writes a figure the vendor sent as no number as it came, in any chosen unit', () => {
    expect(formatDistance('n/a', 'mi')).toBe('n/a');
    expect(formatDistance('n/a', 'km', 0, 'km')).toBe('n/a');
    expect(formatTemperature('n/a', 'f')).toBe('n/a');
    expect(formatPressure('n/a', 'psi', 1, 'kPa')).toBe('n/a');
    expect(formatPressure('', 'psi')).toBe('—');
  });

  it('shows a time in the chosen zone and in UTC on hover', () => {
    expect(zoneAndUtc(new Date('2026-01-05T08:00:00Z'), 'Asia/Tokyo')).toBe(
      '2026-01-05 17:00:00 (Asia/Tokyo) · 2026-01-05T08:00:00Z (UTC)',
    );
  });
});

describe('stored preferences', () => {
  it('reads what is valid and defaults the rest', () => {
    expect(readPreferences({ distance: 'mi', temperature: 'kelvin', timeZone: 'Mars/Olympus' })).toEqual({
      distance: 'mi',
      temperature: 'c',
      pressure: 'kpa',
      timeZone: '',
    });
    expect(readPreferences(null)).toEqual({ distance: 'km', temperature: 'c', pressure: 'kpa', timeZone: '' });
    expect(readPreferences({ timeZone: 'Europe/Paris', pressure: 'psi' })).toMatchObject({ timeZone: 'Europe/Paris', pressure: 'psi' });
  });
});
