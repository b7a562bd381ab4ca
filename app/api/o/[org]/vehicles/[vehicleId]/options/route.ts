import { vehicleDataRoute } from '@/lib/vehicle-data/server/vehicle-data-route';
import { loadOptions } from '@/lib/vehicle-data/server/load-details';

export const GET = vehicleDataRoute(loadOptions);
