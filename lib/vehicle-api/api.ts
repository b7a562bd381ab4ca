import 'server-only';
import { z } from 'zod';
import { API_PREFIX, TIRE_HISTORY, type CommandName, type ConnectScope } from '@/lib/contract/vehicle-api';
import { commandHasBody } from '@/lib/contract/vehicle-api';
import { COMMAND_ARGS_SCHEMAS, type CommandArgs } from './command-args';
import { commandPath } from './commands';
import { createClient, type ClientOptions, type QueryValue } from './client';
import { VehicleApiError } from './errors';
import * as s from './schemas';

export interface ListParams {
  maxPageSize?: number;
  pageToken?: string;
  /** A filter condition, array of conditions or and/or/not tree; sent as a JSON string. */
  filter?: unknown;
}
export interface VehicleListParams extends ListParams {
  tagKey?: string;
  tagValue?: string;
}
export interface ResultsPageParams {
  maxPageSize?: number;
  currentPage?: number;
}

export interface ConnectAccountBody {
  returnUrl: string;
  scopes: ConnectScope[];
  deviceTypes?: string[];
  region?: 'EUROPE' | 'NORTH_AMERICA';
  makes?: string[];
  countryCode?: string;
  locale?: string;
  vin?: string;
  model?: string;
  modelYear?: number;
  [extra: string]: unknown;
}

export interface TagInput {
  key: string;
  value: string;
  objectId: string;
  objectType?: 'DEVICE';
}

export interface EligibilityVin {
  vin: string;
  countryCode: string;
  make?: string;
}

/**
 * One vehicle of a bulk connection [V]: `{vin, make, countryCode}` required (`make` in the vendor's
 * spelling, `VENDOR_MAKES`), the rest optional; not the eligibility check's `{vin, countryCode, make?}`.
 */
export interface BulkConnectVehicle {
  vin: string;
  make: string;
  countryCode: string;
  registrationPlate?: string;
  model?: string;
  modelYear?: number;
  batteryCapacity?: number;
  horsepower?: number;
  generation?: string;
  wltpRange?: number;
  /** `YYYY-MM-DD`, not in the future. */
  registrationDate?: string;
  tags?: { key: string; value: string }[];
}

const V = API_PREFIX;

function listQuery(params: ListParams = {}): Record<string, QueryValue> {
  const { filter, ...rest } = params;
  return { ...rest, filter: filter === undefined ? undefined : typeof filter === 'string' ? filter : JSON.stringify(filter) };
}

export type VehicleApiOptions = ClientOptions;
export type VehicleApi = ReturnType<typeof createVehicleApi>;

/** The typed Vehicle API: one function per endpoint of the contract and its known extensions. */
export function createVehicleApi(options: VehicleApiOptions) {
  const { request } = createClient(options);
  const get = <S extends z.ZodType>(path: string, schema: S, params?: Record<string, string>, query?: Record<string, QueryValue>) =>
    request({ method: 'GET', path, params, query, schema });
  const post = <S extends z.ZodType>(path: string, schema: S, params?: Record<string, string>, body?: unknown) =>
    request({ method: 'POST', path, params, body, schema });

  return {
    testToken: () => post(`${V}/oauth2/test-token`, s.tokenTestSchema),

    listAccounts: (params?: ListParams) => get(`${V}/accounts`, s.accountPageSchema, undefined, listQuery(params)),
    getAccount: (accountId: string) => get(`${V}/accounts/{accountId}`, s.accountSchema, { accountId }),
    connectAccount: (body: ConnectAccountBody) => post(`${V}/accounts:connect`, s.connectResultSchema, undefined, body),
    disconnectAccount: (accountId: string) => post(`${V}/accounts/{accountId}:disconnect`, s.anyBodySchema, { accountId }),

    createTag: ({ key, value, objectId, objectType = 'DEVICE' }: TagInput) =>
      post(`${V}/tags`, s.emptyBodySchema, undefined, { key, value, objectType, objectId }),
    deleteTag: ({ key, value, objectId, objectType = 'DEVICE' }: TagInput) =>
      request({
        method: 'DELETE',
        path: `${V}/tags`,
        query: { key, value, entityType: objectType, entityId: objectId },
        schema: s.emptyBodySchema,
      }),
    listTags: (entityId: string, entityType: 'DEVICE' = 'DEVICE') =>
      get(`${V}/tags/{entityType}/{entityId}`, s.tagListSchema, { entityType, entityId }),

    listVehicles: (params: VehicleListParams = {}) => {
      const { tagKey, tagValue, ...list } = params;
      return get(`${V}/vehicles`, s.vehiclePageSchema, undefined, { ...listQuery(list), tagKey, tagValue });
    },
    getVehicle: (vehicleId: string) => get(`${V}/vehicles/{vehicleId}`, s.vehicleSchema, { vehicleId }),
    /** Irreversible: synchronisation stops. 200 or 202, body empty or unspecified. */
    deleteVehicle: (vehicleId: string) =>
      request({ method: 'DELETE', path: `${V}/vehicles/{vehicleId}`, params: { vehicleId }, schema: s.anyBodySchema }),
    getVehicleOptions: (vehicleId: string) => get(`${V}/vehicles/{vehicleId}/options`, s.vehicleOptionsSchema, { vehicleId }),
    setRegistrationPlate: (vehicleId: string, registrationPlate: string) =>
      post(`${V}/vehicles/{vehicleId}/registration-plate`, s.vehicleSchema, { vehicleId }, { registrationPlate }),
    getVehicleSpecifications: (vehicleId: string) =>
      get(`${V}/vehicles/{vehicleId}/specifications`, s.vehicleSpecificationsSchema, { vehicleId }),
    getTelemetry: (vehicleId: string) => get(`${V}/vehicles/{vehicleId}/telemetry`, s.telemetrySchema, { vehicleId }),

    /** The service has no status read for a check: derive it from the results (`deriveCheckStatus`). */
    createEligibilityCheck: (vins: EligibilityVin[]) => post(`${V}/vehicles/eligibility`, s.bulkGroupSchema, undefined, { vins }),
    getEligibilityResults: (checkId: string, page: ResultsPageParams = {}) =>
      get(`${V}/vehicles/eligibility/{checkId}/results`, s.eligibilityResultsSchema, { checkId }, { ...page }),
    /**
     * [V] Body `{"vehicles": [...]}`, up to 100 (`BULK_CONNECT.maxVins`); 202 with a group id.
     * `NOT_PERMITTED` while the vendor has not enabled it for the organization.
     */
    connectVins: (vehicles: BulkConnectVehicle[]) => post(`${V}/vehicles/connect`, s.bulkGroupSchema, undefined, { vehicles }),
    getBulkConnection: (connectionId: string) => get(`${V}/vehicles/connect/{connectionId}`, s.bulkGroupSchema, { connectionId }),
    getBulkConnectionResults: (connectionId: string, page: ResultsPageParams = {}) =>
      get(`${V}/vehicles/connect/{connectionId}/results`, s.bulkConnectionResultsSchema, { connectionId }, { ...page }),

    /**
     * Creates a command execution. Never retried by the client: a repeated command is a repeated
     * physical action. Arguments are validated before anything is sent.
     */
    sendCommand: <C extends CommandName>(vehicleId: string, command: C, args?: CommandArgs<C>) => {
      const schema: z.core.$ZodType = COMMAND_ARGS_SCHEMAS[command];
      if (!schema) return Promise.reject(new Error(`Unknown command ${String(command)}`));
      const parsed = z.safeParse(schema, args ?? {});
      const path = commandPath(command);
      if (!parsed.success) {
        return Promise.reject(
          new VehicleApiError({
            code: 'REQUEST_VALIDATION_ERROR',
            status: 400,
            endpoint: `POST ${path}`,
            retryable: false,
            message: `Invalid arguments for ${command}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(args)'} ${i.message}`).join('; ')}`,
            details: z.flattenError(parsed.error),
          }),
        );
      }
      return post(path, s.commandExecutionSchema, { vehicleId }, commandHasBody(command) ? parsed.data : undefined);
    },
    getCommandExecution: (vehicleId: string, executionId: string) =>
      get(`${V}/vehicles/{vehicleId}/command-executions/{executionId}`, s.commandExecutionSchema, { vehicleId, executionId }),
    /** Extension: a 404/405 means the upstream does not list executions (use Motorpool's records). */
    listCommandExecutions: (vehicleId: string, params?: ListParams) =>
      get(`${V}/vehicles/{vehicleId}/command-executions`, s.commandExecutionPageSchema, { vehicleId }, listQuery(params)),

    /** 202 when the state changed, 200 when it already was so (see `status`). */
    setListening: (vehicleId: string, isListening: boolean) =>
      post(`${V}/vehicles/{vehicleId}/listening`, s.listeningStateSchema, { vehicleId }, { isListening }),

    listJourneys: (vehicleId: string, params?: ListParams) =>
      get(`${V}/vehicles/{vehicleId}/journeys`, s.journeyPageSchema, { vehicleId }, listQuery(params)),
    /** Extension: a 404/405 means the upstream only offers look-up by id. */
    listChargingSessions: (vehicleId: string, params?: ListParams) =>
      get(`${V}/vehicles/{vehicleId}/charging-history`, s.chargingSessionPageSchema, { vehicleId }, listQuery(params)),
    getChargingSession: (vehicleId: string, sessionId: string) =>
      get(`${V}/vehicles/{vehicleId}/charging-history/{sessionId}`, s.chargingSessionSchema, { vehicleId, sessionId }),
    getMaintenanceServices: (vehicleId: string) =>
      get(`${V}/vehicles/{vehicleId}/maintenance/services`, s.maintenanceServicesSchema, { vehicleId }),
    getDepartureTimes: (vehicleId: string) => get(`${V}/vehicles/{vehicleId}/departure-times`, s.departureTimesSchema, { vehicleId }),
    /** Range at most three months; both omitted means the last three months. */
    getTireHistory: (vehicleId: string, range: { from?: string | Date; to?: string | Date } = {}) =>
      get(
        `${V}/vehicles/{vehicleId}/maintenance/tires/historic`,
        s.tireHistorySchema,
        { vehicleId },
        {
          [TIRE_HISTORY.fromParam]: range.from instanceof Date ? range.from.toISOString() : range.from,
          [TIRE_HISTORY.toParam]: range.to instanceof Date ? range.to.toISOString() : range.to,
        },
      ),
    getManufacturerAlerts: (vehicleId: string) =>
      get(`${V}/vehicles/{vehicleId}/maintenance/manufacturer-alerts/current`, s.manufacturerAlertsSchema, { vehicleId }),

    /** [V] 404 when the vehicle has no battery data yet (none before a qualifying charge, none for combustion vehicles). */
    getStateOfHealth: (vehicleId: string) => get(`${V}/vehicles/{vehicleId}/state-of-health`, s.stateOfHealthSchema, { vehicleId }),
    /** [V] 404 like `getStateOfHealth`. */
    getRange: (vehicleId: string) => get(`${V}/vehicles/{vehicleId}/range`, s.rangeSchema, { vehicleId }),
    getChargingWindows: (vehicleId: string) => get(`${V}/vehicles/{vehicleId}/charging-windows`, s.chargingWindowsSchema, { vehicleId }),
    /** [V] Who paused or resumed data collection, newest first; `startAt`/`endAt` ISO datetimes. */
    listListeningAudit: (vehicleId: string, params: { startAt?: string; endAt?: string; maxPageSize?: number; pageToken?: string } = {}) =>
      get(`${V}/vehicles/{vehicleId}/listening-audit`, s.listeningAuditPageSchema, { vehicleId }, { ...params }),

    /** [V] Platform alerts of one vehicle (cursor paging); see `platformAlertsSchema` for the shapes read. */
    listPlatformAlerts: (vehicleId: string, params: { maxPageSize?: number; pageToken?: string } = {}) =>
      get(`${V}/vehicles/{vehicleId}/alerts`, s.platformAlertsSchema, { vehicleId }, { ...params }),

    getRateLimits: (objectId: string, domain: 'VEHICLE' = 'VEHICLE') =>
      get(`${V}/rate-limits`, s.rateLimitsSchema, undefined, { objectId, domain }),
  };
}
