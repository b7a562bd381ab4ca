/**
 * What the vehicle data routes answer, as the browser reads it. The record types are the
 * client's parsed shapes (type-only imports: nothing of the server module reaches the bundle).
 */
import type {
  ChargingSession,
  ChargingWindow,
  Journey,
  RateLimit,
  StateOfHealth,
  Telemetry,
  VehicleOptions,
  VehicleRange,
  VehicleSpecifications,
} from '@/lib/vehicle-api/schemas';
import type { z } from 'zod';
import type { ListeningHistoryRow } from './listening-history';
import type { departureTimeSchema, maintenanceServiceSchema, manufacturerAlertSchema, tireReadingSchema } from '@/lib/vehicle-api/schemas';

/** The upstream call behind a response: request id, duration, and the exact body (only with `raw.read`). */
export type UpstreamMeta = { requestId: string | null; durationMs: number | null; raw?: unknown };

export type WithUpstream<T> = T & UpstreamMeta;
export type DataPage<T> = WithUpstream<{ items: T[]; nextPageToken: string | null; totalResults: number | null }>;

export type { ChargingSession, Journey, RateLimit, StateOfHealth, Telemetry, VehicleOptions, VehicleRange, VehicleSpecifications };
export type MaintenanceService = z.infer<typeof maintenanceServiceSchema>;
export type ManufacturerAlert = z.infer<typeof manufacturerAlertSchema>;
export type DepartureTime = z.infer<typeof departureTimeSchema>;
export type TireReading = z.infer<typeof tireReadingSchema>;

export type TelemetryResponse = WithUpstream<{ telemetry: Telemetry }>;
/** `listAvailable: false`: the upstream answered 404/405 to the list (`unavailableStatus`); look-up by id still works. */
export type ChargingPageData = {
  listAvailable: boolean;
  unavailableStatus?: number;
  items: ChargingSession[];
  nextPageToken: string | null;
  totalResults: number | null;
};
export type ChargingPage = WithUpstream<ChargingPageData>;
export type ChargingSessionResponse = WithUpstream<{ session: ChargingSession }>;
export type ServicesResponse = WithUpstream<{ services: MaintenanceService[] }>;
export type AlertsResponse = WithUpstream<{ alerts: ManufacturerAlert[] }>;
export type ChargingWindowsResponse = WithUpstream<{ chargingWindows: ChargingWindow[] }>;
export type DepartureTimesResponse = WithUpstream<{ departureTimes: DepartureTime[] }>;
export type TireHistoryResponse = WithUpstream<{ tires: TireReading[]; from: string | null; to: string | null }>;
export type OptionsData = { options: VehicleOptions | null; unsupported: { code: string; message: string } | null };
export type OptionsResponse = WithUpstream<OptionsData>;
export type SpecificationsResponse = WithUpstream<{ specifications: VehicleSpecifications; available: boolean }>;
/** A budget as the last `rate_limit.updated` event said it, with the event's time. */
export type PushedRateLimit = {
  key: string;
  remainingRequests: number;
  maxRequests: number;
  windowSizeSeconds: number | null;
  at: string;
};
/**
 * `limits`: the upstream's answer, read at `readAt` (null when the upstream could not be asked and
 * the figures are the pushed ones); `pushed`: what events last said, each with its time.
 */
export type RateLimitsResponse = WithUpstream<{ limits: RateLimit[]; readAt: string | null; pushed: PushedRateLimit[] }>;

/** `available: false`: the upstream answered 404, no battery data yet (explained, not an error). */
export type StateOfHealthData = { available: true; stateOfHealth: StateOfHealth } | { available: false };
export type StateOfHealthResponse = WithUpstream<StateOfHealthData>;
export type RangeData = { available: true; range: VehicleRange } | { available: false };
export type RangeResponse = WithUpstream<RangeData>;

/** The vendor's listening changes, newest first, each with who made it here (`here`) when Motorpool did; `more`: older ones exist. */
export type ListeningHistoryResponse = WithUpstream<{ rows: ListeningHistoryRow[]; more: boolean }>;
