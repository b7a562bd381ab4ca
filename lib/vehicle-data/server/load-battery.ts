import 'server-only';
import type { Loaded } from '@/lib/vehicle-data/server/vehicle-data-route';
import { isVehicleApiError, type ApiResponse, type VehicleApi } from '@/lib/vehicle-api';
import type { RangeData, StateOfHealthData } from '@/lib/vehicle-data/types';

type VehicleInput = { params: { vehicleId: string } };

/**
 * [V] A 404 means the vehicle has no battery data yet (it appears after a qualifying charge, and
 * never for a combustion vehicle): a fact to explain, not a failure.
 */
async function orNoData<T, D>(call: Promise<ApiResponse<T>>, toData: (data: T) => D): Promise<Loaded<D | { available: false }>> {
  try {
    const response = await call;
    return { data: toData(response.data), call: response };
  } catch (error) {
    if (!isVehicleApiError(error) || error.status !== 404) throw error;
    return { data: { available: false }, call: error };
  }
}

/** The battery's state of health: percent of nominal capacity left, real vs nominal kWh. */
export const loadStateOfHealth = (api: VehicleApi, { params }: VehicleInput): Promise<Loaded<StateOfHealthData>> =>
  orNoData(api.getStateOfHealth(params.vehicleId), (stateOfHealth) => ({ available: true as const, stateOfHealth }));

/** Real, warm-weather and cold-weather range against the rated (WLTP/EPA) figure. */
export const loadRange = (api: VehicleApi, { params }: VehicleInput): Promise<Loaded<RangeData>> =>
  orNoData(api.getRange(params.vehicleId), (range) => ({ available: true as const, range }));
