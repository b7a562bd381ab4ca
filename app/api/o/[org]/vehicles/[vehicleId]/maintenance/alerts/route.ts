import { vehicleDataRoute } from '@/lib/vehicle-data/server/vehicle-data-route';
import { loadManufacturerAlerts } from '@/lib/vehicle-data/server/load-maintenance';

export const GET = vehicleDataRoute(loadManufacturerAlerts);
