import { describe, expect, it } from 'vitest';
import {
  efficiencyKwhPer100Km,
  journeyCsvHeader,
  journeyCsvValues,
  journeyDateFilter,
  journeyDurationMinutes,
  journeysPerDay,
  journeyTotals,
} from './journeys';

const journey = (start: string, minutes: number, km: number | null, kwh: number | null, soc: number | null = null) => ({
  startTimestamp: start,
  stopTimestamp: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  distanceTravelledKm: km,
  energyUsedKwh: kwh,
  socUsed: soc,
});

describe('efficiency', () => {
  it('is energy over distance per 100 km', () => {
    expect(efficiencyKwhPer100Km(17, 100)).toBe(17);
    expect(efficiencyKwhPer100Km(3.4, 20)).toBeCloseTo(17);
  });

  it('is unknown for a journey that did not move, a missing value or negative energy', () => {
    expect(efficiencyKwhPer100Km(1, 0)).toBeNull();
    expect(efficiencyKwhPer100Km(1, -3)).toBeNull();
    expect(efficiencyKwhPer100Km(null, 10)).toBeNull();
    expect(efficiencyKwhPer100Km(2, undefined)).toBeNull();
    expect(efficiencyKwhPer100Km(-0.5, 10)).toBeNull();
    expect(efficiencyKwhPer100Km(Number.NaN, 10)).toBeNull();
  });
});

describe('totals', () => {
  it('sums the loaded journeys and weighs efficiency by distance', () => {
    const totals = journeyTotals([journey('2026-03-01T08:00:00Z', 30, 10, 3, 4), journey('2026-03-01T12:00:00Z', 90, 90, 13.5, 20)]);
    expect(totals).toMatchObject({ count: 2, distanceKm: 100, energyKwh: 16.5, socUsed: 24, durationMinutes: 120 });
    // (3 + 13.5) / (10 + 90) * 100, not the mean of 30 and 15.
    expect(totals.efficiencyKwhPer100Km).toBeCloseTo(16.5);
  });

  it('leaves journeys without both figures out of the efficiency but keeps what they report', () => {
    const totals = journeyTotals([
      journey('2026-03-01T08:00:00Z', 10, 50, 10),
      journey('2026-03-01T09:00:00Z', 10, 20, null),
      journey('2026-03-01T10:00:00Z', 10, 0, 1),
    ]);
    expect(totals.distanceKm).toBe(70);
    expect(totals.energyKwh).toBe(11);
    expect(totals.efficiencyKwhPer100Km).toBeCloseTo(20);
  });

  it('is all zeros and no efficiency for no journeys', () => {
    expect(journeyTotals([])).toEqual({
      count: 0,
      distanceKm: 0,
      energyKwh: 0,
      socUsed: 0,
      durationMinutes: 0,
      efficiencyKwhPer100Km: null,
    });
  });

  it('measures duration from the two timestamps, unknown when one is missing or they are reversed', () => {
    expect(journeyDurationMinutes({ startTimestamp: '2026-03-01T08:00:00Z', stopTimestamp: '2026-03-01T08:45:00Z' })).toBe(45);
    expect(journeyDurationMinutes({ startTimestamp: '2026-03-01T08:00:00Z', stopTimestamp: null })).toBeNull();
    expect(journeyDurationMinutes({ startTimestamp: '2026-03-01T09:00:00Z', stopTimestamp: '2026-03-01T08:00:00Z' })).toBeNull();
  });
});

describe('per-day grouping', () => {
  const journeys = [
    journey('2026-03-02T23:30:00Z', 20, 12, 2), // 00:30 on the 3rd in Berlin
    journey('2026-03-02T10:00:00Z', 20, 8, 1.5),
    journey('2026-03-02T07:00:00Z', 20, 5, 1),
  ];

  it('groups by the day of the start in the given time zone, oldest first', () => {
    expect(journeysPerDay(journeys, 'UTC')).toEqual([{ day: '2026-03-02', count: 3, distanceKm: 25, energyKwh: 4.5 }]);
    expect(journeysPerDay(journeys, 'Europe/Berlin')).toEqual([
      { day: '2026-03-02', count: 2, distanceKm: 13, energyKwh: 2.5 },
      { day: '2026-03-03', count: 1, distanceKm: 12, energyKwh: 2 },
    ]);
  });

  it('fills every day of a range with zeros and ignores journeys outside it', () => {
    const days = journeysPerDay([...journeys, journey('2026-02-20T10:00:00Z', 10, 99, 9)], 'UTC', { from: '2026-03-01', to: '2026-03-04' });
    expect(days.map((d) => [d.day, d.distanceKm])).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 25],
      ['2026-03-03', 0],
      ['2026-03-04', 0],
    ]);
  });

  it('skips a journey without a readable start', () => {
    expect(
      journeysPerDay(
        [
          { startTimestamp: null, distanceTravelledKm: 4 },
          { startTimestamp: 'soon', distanceTravelledKm: 4 },
        ],
        'UTC',
      ),
    ).toEqual([]);
  });
});

describe('date filter', () => {
  it('is the contract filter on startTimestamp, with only the bounds given', () => {
    expect(journeyDateFilter('2026-03-01T00:00:00.000Z', '2026-03-31T23:59:59.999Z')).toEqual([
      { field: 'startTimestamp', operator: '>=', value: '2026-03-01T00:00:00.000Z' },
      { field: 'startTimestamp', operator: '<=', value: '2026-03-31T23:59:59.999Z' },
    ]);
    expect(journeyDateFilter(undefined, '2026-03-31T00:00:00Z')).toEqual([
      { field: 'startTimestamp', operator: '<=', value: '2026-03-31T00:00:00Z' },
    ]);
    expect(journeyDateFilter()).toBeUndefined();
  });
});

describe('CSV values', () => {
  it('writes one row per journey with the efficiency rounded to a tenth', () => {
    expect(
      journeyCsvValues({
        id: 'j1',
        ...journey('2026-03-01T08:00:00Z', 30, 30, 5.12, 7),
        socStart: 80,
        socEnd: 73,
        odometerStart: 1000,
        odometerEnd: 1030,
      }),
    ).toEqual(['j1', '2026-03-01T08:00:00Z', '2026-03-01T08:30:00.000Z', 30, 5.12, 7, 80, 73, 17.1, 1000, 1030]);
  });

  it('writes a figure that came as no number as it came, in miles too, and computes nothing from it', () => {
    const row = {
      id: 'j1',
      ...journey('2026-03-01T08:00:00Z', 30, 30, null, 7),
      energyUsedKwh: 'n/a',
      odometerStart: 'n/a',
      odometerEnd: 1030,
    };
    expect(journeyCsvValues(row, 'mi')).toEqual([
      'j1',
      '2026-03-01T08:00:00Z',
      '2026-03-01T08:30:00.000Z',
      18.641,
      'n/a',
      7,
      undefined,
      undefined,
      null,
      'n/a',
      640,
    ]);
    const totals = journeyTotals([
      row,
      { ...journey('2026-03-02T08:00:00Z', 30, 10, 2) },
      { ...journey('2026-03-03T08:00:00Z', 30, null, 1), distanceTravelledKm: 'n/a' },
    ]);
    expect(totals).toMatchObject({ count: 3, distanceKm: 40, energyKwh: 3 });
    expect(totals.efficiencyKwhPer100Km).toBeCloseTo(20);
  });

  it('writes distances, odometers and efficiency in miles when the person reads miles', () => {
    const row = {
      id: 'j1',
      ...journey('2026-03-01T08:00:00Z', 30, 30, 5.12, 7),
      socStart: 80,
      socEnd: 73,
      odometerStart: 1000,
      odometerEnd: 1030,
    };
    expect(journeyCsvValues(row, 'mi')).toEqual([
      'j1',
      '2026-03-01T08:00:00Z',
      '2026-03-01T08:30:00.000Z',
      18.641,
      5.12,
      7,
      80,
      73,
      27.5,
      621.4,
      640,
    ]);
    expect(journeyCsvHeader('mi')).toContain('distance (mi)');
    expect(journeyCsvHeader('mi')).toContain('efficiency (kWh/100 mi)');
  });
});
