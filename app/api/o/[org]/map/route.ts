import { withOrg } from '@/lib/bff/with-org';
import { listVehiclePositions } from '@/lib/map/server/list-vehicle-positions';

/** Every vehicle's last known position, from the fleet snapshot (no upstream call). */
export const GET = withOrg(({ org }) => listVehiclePositions(org), { permission: 'vehicles.read' });
