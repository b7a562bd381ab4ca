import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import { deleteChargingTariff, getChargingTariff, setChargingTariff } from '@/lib/db/repos/tariffs';
import type { ChargingTariffRow } from '@/lib/db/schema';
import type { Tariff, TariffView } from '../tariff';

const viewOf = (row: ChargingTariffRow): TariffView => ({
  currency: row.currency,
  timeZone: row.timeZone,
  pricePerKwh: row.pricePerKwh,
  bands: row.bands,
  updatedAt: row.updatedAt.toISOString(),
});

/** The organization's charging tariff, or none (charging costs are then not computed). */
export async function getTariff(org: Org): Promise<{ tariff: TariffView | null }> {
  const row = await getChargingTariff(getDb(), org.id);
  return { tariff: row ? viewOf(row) : null };
}

/** Sets the organization's charging tariff (the input is validated by the route's schema). */
export async function saveTariff(org: Org, input: Tariff): Promise<{ tariff: TariffView }> {
  const row = await setChargingTariff(getDb(), org.id, input, new Date());
  return { tariff: viewOf(row) };
}

/** Removes the organization's charging tariff. */
export async function removeTariff(org: Org): Promise<{ removed: boolean }> {
  return { removed: await deleteChargingTariff(getDb(), org.id) };
}
