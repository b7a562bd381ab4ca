import 'server-only';

export { createVehicleApi, type VehicleApi, type VehicleApiOptions, type ListParams, type VehicleListParams } from './api';
export type { ApiResponse, FetchLike } from './client';
export { VehicleApiError, isVehicleApiError, isMissingEndpoint, CLIENT_ERROR_CODES, type VehicleApiErrorCode } from './errors';
export { paginate, paginateItems, paginateNumbered } from './paginate';
export type { UpstreamCallLog, VehicleApiLogger } from './log';
export type { RetryOptions } from './retry';
export * from './schemas';
export { createLayeredTokenStore, createMemoryTokenStore, type TokenStore, type CachedToken } from './token-store';
