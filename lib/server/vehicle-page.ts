import 'server-only';
import { requireOrgPage } from '@/lib/bff/org-page';

/**
 * The params of a vehicle page or tab, after the page-side access check (cached per request, so
 * the layout and the tab share it). The vehicle itself is checked once, by the layout.
 */
export async function vehiclePageParams(params: Promise<{ org: string; vehicleId: string }>) {
  const { org, vehicleId } = await params;
  const access = await requireOrgPage(org, 'vehicles.read');
  return { org, vehicleId: decodeURIComponent(vehicleId), access };
}
