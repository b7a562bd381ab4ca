import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import { chargingExportQuerySchema } from '@/lib/vehicle-data/schemas';
import { chargingHistoryOf, exportChargingSessions } from '@/lib/vehicle-data/server/export-charging';

/**
 * The charging sessions that started within [from, to], as CSV (the Charging tab's export): from
 * the history store when it holds the whole range, else from the upstream (`X-Motorpool-Source`).
 */
export const GET = withOrg(
  async ({ org, params, query }) =>
    exportChargingSessions(await orgVehicleApi(org), params.vehicleId, query, chargingHistoryOf(org.id, params.vehicleId)),
  {
    permission: 'vehicles.read',
    params: vehicleParamsSchema,
    query: chargingExportQuerySchema,
  },
);
