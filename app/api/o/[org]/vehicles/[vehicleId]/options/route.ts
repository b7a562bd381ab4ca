import { vehicleDataRoute, type Loaded } from '@/lib/bff/vehicle-data-route';
import { isVehicleApiError } from '@/lib/vehicle-api';
import type { OptionsData } from '@/lib/vehicle-data/types';

/**
 * The vehicle's factory options. Only one manufacturer's vehicles have them: for the others the
 * upstream answers UNSUPPORTED_OEM, which is a fact about the brand to explain, not a failure.
 */
export const GET = vehicleDataRoute(async (api, { params }): Promise<Loaded<OptionsData>> => {
  try {
    const response = await api.getVehicleOptions(params.vehicleId);
    return { data: { options: response.data, unsupported: null }, call: response };
  } catch (error) {
    if (!isVehicleApiError(error) || error.code !== 'UNSUPPORTED_OEM') throw error;
    return { data: { options: null, unsupported: { code: error.code, message: error.message } }, call: error };
  }
});
