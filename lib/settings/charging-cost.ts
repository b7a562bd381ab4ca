import { minutesOf, type Tariff } from './tariff';

/**
 * The cost of charging sessions under a tariff. A session's energy (kWh from the grid) is spread
 * evenly over its time, from its start to its end (or its start plus its charging duration), and
 * each part is priced by the band of the organization's local day it falls in (the tariff's time
 * zone, daylight-saving changes included: on the day the clocks go forward a band of 02:00-04:00
 * lasts one real hour, on the day they go back a band of 02:00-03:00 lasts two); time outside every
 * band takes the tariff's price per kWh. Pure: no clock, no database.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface CostedSession {
  startedAt: Date;
  endedAt: Date | null;
  durationSeconds: number | null;
  kwhFromGrid: number | null;
}

export interface SessionCost {
  /** Energy priced (kWh). */
  kwh: number;
  cost: number;
  /** False: the session has no energy figure, so it is neither priced nor counted. */
  priced: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC (ms) at `t`, to the second. */
function rawOffset(timeZone: string, t: number): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(t))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return local - (t - (((t % 1000) + 1000) % 1000));
}

/** A zone's clock with the offset cached per hour where it does not change within the hour. */
export function zoneClock(timeZone: string) {
  const hours = new Map<number, number>();
  const offset = (t: number): number => {
    const hour = Math.floor(t / HOUR);
    const cached = hours.get(hour);
    if (cached !== undefined) return cached;
    const first = rawOffset(timeZone, hour * HOUR);
    if (first !== rawOffset(timeZone, hour * HOUR + HOUR - 1)) return rawOffset(timeZone, t);
    if (hours.size > 50_000) hours.clear();
    hours.set(hour, first);
    return first;
  };
  return {
    offset,
    /** Milliseconds since local midnight at `t`. */
    msOfDay: (t: number) => (((t + offset(t)) % DAY) + DAY) % DAY,
    /** The first instant in (from, to] whose offset differs from `from`'s (to the millisecond), if any. */
    nextChange(from: number, to: number): number | undefined {
      const base = offset(from);
      if (offset(to) === base) return undefined;
      let low = from;
      let high = to;
      while (high - low > 1) {
        const mid = Math.floor((low + high) / 2);
        if (offset(mid) === base) low = mid;
        else high = mid;
      }
      return high;
    },
  };
}

type Clock = ReturnType<typeof zoneClock>;

interface PricedBands {
  /** [start, end) in ms of the local day, pieces of bands that span midnight split in two. */
  pieces: { start: number; end: number; pricePerKwh: number }[];
  /** Every band edge in ms of the local day, ascending. */
  edges: number[];
}

/** Per bands array (a tariff is not changed in place): pricing many sessions prepares the bands once. */
const pricedBands = new WeakMap<object, PricedBands>();

function bandsOf(tariff: Pick<Tariff, 'bands'>): PricedBands {
  const known = pricedBands.get(tariff.bands);
  if (known) return known;
  const pieces: PricedBands['pieces'] = [];
  for (const band of tariff.bands) {
    const start = minutesOf(band.start) * MINUTE;
    const end = minutesOf(band.end) * MINUTE;
    if (start === end) continue;
    if (start < end) pieces.push({ start, end, pricePerKwh: band.pricePerKwh });
    else pieces.push({ start, end: DAY, pricePerKwh: band.pricePerKwh }, { start: 0, end, pricePerKwh: band.pricePerKwh });
  }
  const edges = [...new Set(pieces.flatMap((p) => [p.start, p.end % DAY]))].sort((a, b) => a - b);
  const bands = { pieces, edges };
  pricedBands.set(tariff.bands, bands);
  return bands;
}

/** The price at a moment `ms` of the local day, and how long (local ms) it lasts at most. */
function priceAt(bands: PricedBands, base: number, ms: number): { price: number; lasts: number } {
  const piece = bands.pieces.find((p) => ms >= p.start && ms < p.end);
  const next = bands.edges.find((edge) => edge > ms) ?? (bands.edges[0] ?? 0) + DAY;
  return { price: piece ? piece.pricePerKwh : base, lasts: next - ms };
}

/** The cost of one session; `clock` of the tariff's zone (pass one to price many sessions). */
export function chargingSessionCost(session: CostedSession, tariff: Tariff, clock: Clock = zoneClock(tariff.timeZone)): SessionCost {
  const kwh = session.kwhFromGrid;
  if (kwh === null || !Number.isFinite(kwh)) return { kwh: 0, cost: 0, priced: false };
  const bands = bandsOf(tariff);
  const start = session.startedAt.getTime();
  const end =
    session.endedAt?.getTime() ??
    (session.durationSeconds !== null && Number.isFinite(session.durationSeconds) ? start + session.durationSeconds * 1000 : start);
  if (end <= start || bands.pieces.length === 0) {
    return { kwh, cost: kwh * priceAt(bands, tariff.pricePerKwh, clock.msOfDay(start)).price, priced: true };
  }
  const span = end - start;
  let cost = 0;
  for (let t = start; t < end;) {
    const { price, lasts } = priceAt(bands, tariff.pricePerKwh, clock.msOfDay(t));
    let next = Math.min(end, t + lasts);
    // A change of the clocks before the band's edge: the local time jumps, so look again from there.
    const change = clock.nextChange(t, next);
    if (change !== undefined && change < next) next = change;
    cost += ((kwh * (next - t)) / span) * price;
    t = next;
  }
  return { kwh, cost, priced: true };
}

export interface CostTotals {
  sessions: number;
  /** Sessions without an energy figure: not priced. */
  unpricedSessions: number;
  kwh: number;
  cost: number;
}

/** The sum of sessions' costs under one tariff. */
export function chargingCostTotals(sessions: Iterable<CostedSession>, tariff: Tariff): CostTotals {
  const clock = zoneClock(tariff.timeZone);
  const totals: CostTotals = { sessions: 0, unpricedSessions: 0, kwh: 0, cost: 0 };
  for (const session of sessions) {
    const c = chargingSessionCost(session, tariff, clock);
    totals.sessions += 1;
    if (!c.priced) totals.unpricedSessions += 1;
    totals.kwh += c.kwh;
    totals.cost += c.cost;
  }
  return totals;
}
