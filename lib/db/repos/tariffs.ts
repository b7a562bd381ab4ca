import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../index';
import { chargingTariffs, type ChargingTariffRow, type TariffBandRow } from '../schema';

export interface TariffValues {
  currency: string;
  timeZone: string;
  pricePerKwh: number;
  bands: TariffBandRow[];
}

export async function getChargingTariff(db: Db, organizationId: string): Promise<ChargingTariffRow | undefined> {
  const [row] = await db.select().from(chargingTariffs).where(eq(chargingTariffs.organizationId, organizationId));
  return row;
}

/** Sets the organization's tariff (replacing the one before); returns it as stored. */
export async function setChargingTariff(db: Db, organizationId: string, values: TariffValues, now: Date): Promise<ChargingTariffRow> {
  const [row] = await db
    .insert(chargingTariffs)
    .values({ organizationId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: chargingTariffs.organizationId, set: { ...values, updatedAt: now } })
    .returning();
  return row;
}

export async function deleteChargingTariff(db: Db, organizationId: string): Promise<boolean> {
  const removed = await db
    .delete(chargingTariffs)
    .where(eq(chargingTariffs.organizationId, organizationId))
    .returning({ id: chargingTariffs.organizationId });
  return removed.length > 0;
}
