import { describe, expect, it } from 'vitest';
import { chargingCostTotals, chargingSessionCost } from './charging-cost';
import { tariffSchema, type Tariff } from './tariff';

const berlin = (bands: Tariff['bands']): Tariff => ({ currency: 'EUR', timeZone: 'Europe/Berlin', pricePerKwh: 0.4, bands });
const session = (start: string, end: string | null, kwh: number | null, durationSeconds: number | null = null) => ({
  startedAt: new Date(start),
  endedAt: end === null ? null : new Date(end),
  durationSeconds,
  kwhFromGrid: kwh,
});

describe('the cost of charging sessions', () => {
  it('splits a session’s energy across bands by real time when the clocks go forward (Berlin, 2026-03-29)', () => {
    // 01:00 CET to 05:00 CEST: three real hours, 10 kWh each; 02:00-03:00 never happens, so the
    // 02:00-04:00 band holds one real hour (01:00Z-02:00Z), not two of the four wall-clock hours.
    const cost = chargingSessionCost(
      session('2026-03-29T00:00:00Z', '2026-03-29T03:00:00Z', 30),
      berlin([{ start: '02:00', end: '04:00', pricePerKwh: 1 }]),
    );
    expect(cost.kwh).toBe(30);
    expect(cost.cost).toBeCloseTo(10 * 1 + 20 * 0.4, 9);
  });

  it('splits it when the clocks go back (Berlin, 2026-10-25): a 02:00-03:00 band lasts two real hours', () => {
    // 01:00 CEST to 04:00 CET: four real hours of 10 kWh; 02:00-03:00 happens twice (00:00Z-02:00Z).
    const cost = chargingSessionCost(
      session('2026-10-24T23:00:00Z', '2026-10-25T03:00:00Z', 40),
      berlin([{ start: '02:00', end: '03:00', pricePerKwh: 1 }]),
    );
    expect(cost.cost).toBeCloseTo(20 * 1 + 20 * 0.4, 9);
  });

  it('prices a night band across midnight and a change of the clocks, and the day bands after it', () => {
    const tariff = berlin([
      { start: '22:00', end: '06:00', pricePerKwh: 0.2 },
      { start: '07:00', end: '07:30', pricePerKwh: 2 },
    ]);
    // 21:00 CET on the 28th to 08:00 CEST on the 29th: ten real hours at 5 kWh an hour. Night from
    // 21:00Z to 04:00Z (seven hours), 07:00-07:30 CEST is 05:00Z-05:30Z, the rest at the base price.
    const cost = chargingSessionCost(session('2026-03-28T20:00:00Z', '2026-03-29T06:00:00Z', 50), tariff);
    expect(cost.cost).toBeCloseTo(35 * 0.2 + 2.5 * 2 + 12.5 * 0.4, 9);
    // The same wall-clock night in winter (no change) is eight real hours of eleven.
    const winter = chargingSessionCost(session('2026-01-10T20:00:00Z', '2026-01-11T07:00:00Z', 55), tariff);
    expect(winter.cost).toBeCloseTo(40 * 0.2 + 2.5 * 2 + 12.5 * 0.4, 9);
  });

  it('uses the charging duration without an end, the start’s price without a duration, and leaves a session without energy unpriced', () => {
    const tariff = berlin([{ start: '00:00', end: '06:00', pricePerKwh: 0.1 }]);
    // 05:00 local for two hours: half in the band.
    expect(chargingSessionCost(session('2026-01-10T04:00:00Z', null, 10, 7200), tariff).cost).toBeCloseTo(5 * 0.1 + 5 * 0.4, 9);
    expect(chargingSessionCost(session('2026-01-10T04:00:00Z', null, 10), tariff).cost).toBeCloseTo(1, 9);
    expect(chargingSessionCost(session('2026-01-10T04:00:00Z', null, null), tariff)).toEqual({ kwh: 0, cost: 0, priced: false });
    const totals = chargingCostTotals(
      [
        session('2026-01-10T04:00:00Z', null, 10),
        session('2026-01-10T12:00:00Z', '2026-01-10T13:00:00Z', 5),
        session('2026-01-10T04:00:00Z', null, null),
      ],
      tariff,
    );
    expect(totals).toMatchObject({ sessions: 3, unpricedSessions: 1, kwh: 15 });
    expect(totals.cost).toBeCloseTo(1 + 2, 9);
  });

  it('prices without bands at the tariff’s price whatever the time', () => {
    const cost = chargingSessionCost(session('2026-03-29T00:00:00Z', '2026-03-29T03:00:00Z', 30), berlin([]));
    expect(cost.cost).toBeCloseTo(12, 9);
  });
});

describe('the tariff schema', () => {
  const valid = { currency: 'eur', timeZone: 'Europe/Berlin', pricePerKwh: 0.35 };

  it('takes a currency in any case, a time zone and bands, and defaults to none', () => {
    expect(tariffSchema.parse(valid)).toEqual({ currency: 'EUR', timeZone: 'Europe/Berlin', pricePerKwh: 0.35, bands: [] });
  });

  it('names the field of each mistake', () => {
    const paths = (input: unknown) => tariffSchema.safeParse(input).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...valid, currency: 'EURO' })).toEqual(['currency']);
    expect(paths({ ...valid, currency: 'XYZ' })).toEqual(['currency']);
    expect(paths({ ...valid, timeZone: 'Mars/Olympus' })).toEqual(['timeZone']);
    expect(paths({ ...valid, pricePerKwh: -1 })).toEqual(['pricePerKwh']);
    expect(paths({ ...valid, bands: [{ start: '25:00', end: '06:00', pricePerKwh: 0.1 }] })).toEqual(['bands.0.start']);
    expect(paths({ ...valid, bands: [{ start: '06:00', end: '06:00', pricePerKwh: 0.1 }] })).toEqual(['bands.0.end']);
    // 22:00-06:00 spans midnight, so 05:00-07:00 overlaps it; 06:00-08:00 only touches it.
    expect(
      paths({
        ...valid,
        bands: [
          { start: '22:00', end: '06:00', pricePerKwh: 0.1 },
          { start: '06:00', end: '08:00', pricePerKwh: 0.2 },
          { start: '05:00', end: '07:00', pricePerKwh: 0.3 },
        ],
      }),
    ).toEqual(['bands.2.start']);
  });
});
