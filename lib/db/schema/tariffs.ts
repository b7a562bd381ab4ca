import 'server-only';
import { doublePrecision, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { organizations } from './access';

/** A time-of-day band of a tariff: local wall-clock `HH:MM` from `start` to `end` (an end before the start spans midnight). */
export interface TariffBandRow {
  start: string;
  end: string;
  pricePerKwh: number;
}

/**
 * An organization's charging tariff: what a kWh from the grid costs (`pricePerKwh`), unless a band
 * of the day prices it otherwise, in `currency` (ISO 4217), the bands read in `timeZone` (IANA).
 * One per organization; none: charging costs are not computed.
 */
export const chargingTariffs = pgTable('charging_tariffs', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull(),
  timeZone: text('time_zone').notNull(),
  pricePerKwh: doublePrecision('price_per_kwh').notNull(),
  bands: jsonb('bands').$type<TariffBandRow[]>().notNull().default([]),
  updatedAt: updatedAt(),
});
export type ChargingTariffRow = typeof chargingTariffs.$inferSelect;
