import 'server-only';

export { createVehicleApi, type VehicleApi } from './api';
export type { ApiResponse, FetchLike } from './client';
export { VehicleApiError, isVehicleApiError, isMissingEndpoint } from './errors';
export { paginate, paginateNumbered } from './paginate';
export * from './schemas';
export { createLayeredTokenStore, createMemoryTokenStore } from './token-store';
export { createBreaker, type Breaker, type BreakerOptions } from './breaker';
