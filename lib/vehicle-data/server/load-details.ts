import 'server-only';
import type { Loaded } from '@/lib/vehicle-data/server/vehicle-data-route';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import type { OptionsData } from '@/lib/vehicle-data/types';

type VehicleInput = { params: { vehicleId: string } };

/**
 * The vehicle's factory options. Only one manufacturer's vehicles have them: for the others the
 * upstream answers UNSUPPORTED_OEM, which is a fact about the brand to explain, not a failure.
 */
export async function loadOptions(api: VehicleApi, { params }: VehicleInput): Promise<Loaded<OptionsData>> {
  try {
    const response = await api.getVehicleOptions(params.vehicleId);
    return { data: { options: response.data, unsupported: null }, call: response };
  } catch (error) {
    if (!isVehicleApiError(error) || error.code !== 'UNSUPPORTED_OEM') throw error;
    return { data: { options: null, unsupported: { code: error.code, message: error.message } }, call: error };
  }
}

/**
 * The vehicle's specifications. They need the trim, identified only for some registration
 * countries; elsewhere every field is null, which `available` says in one word.
 */
export async function loadSpecifications(api: VehicleApi, { params }: VehicleInput) {
  const response = await api.getVehicleSpecifications(params.vehicleId);
  const specifications = response.data;
  const available = Object.entries(specifications).some(([, value]) => value !== null && value !== undefined);
  return { data: { specifications, available }, call: response };
}
