/**
 * The Vehicle API contract in one place: the values of `vehicle-api-interface.md` and the
 * working assumptions of `contract-gaps.md` ([V] vendor fact, [A] our assumption).
 * The embedded sandbox serves exactly these; the client expects them.
 * Plain data only (no `server-only`): the browser may show command names and reason codes.
 */

export const API_PREFIX = '/v1';

export const ERROR_CODES = [
  'AUTHENTICATION_ERROR',
  'REQUEST_VALIDATION_ERROR',
  'SERVER_ERROR',
  'RESOURCE_NOT_FOUND',
  'PAGE_SIZE_TOO_LARGE',
  'PAGINATED_QUERY_FILTER_CHANGED',
  // [V] Page tokens expire: start again without one.
  'QUERY_PAGE_TOKEN_EXPIRED',
  'DEVICE_LIMIT_REACHED',
  'NOT_PERMITTED',
  'UNSUPPORTED_OEM',
  'COMMAND_ALREADY_IN_PROGRESS',
  'RATE_LIMITED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** [A] HTTP status of each error code. `RATE_LIMITED` is our name for a 429 with Retry-After. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  REQUEST_VALIDATION_ERROR: 400,
  PAGE_SIZE_TOO_LARGE: 400,
  PAGINATED_QUERY_FILTER_CHANGED: 400,
  QUERY_PAGE_TOKEN_EXPIRED: 400,
  AUTHENTICATION_ERROR: 401,
  NOT_PERMITTED: 403,
  RESOURCE_NOT_FOUND: 404,
  COMMAND_ALREADY_IN_PROGRESS: 409,
  DEVICE_LIMIT_REACHED: 409,
  UNSUPPORTED_OEM: 422,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
};

/** Command names as the contract lists them, with the path segment of each creation call. */
export const COMMANDS = {
  WAKE_UP: 'wake-up',
  UNLOCK_DOORS: 'unlock-doors',
  LOCK_DOORS: 'lock-doors',
  HONK_HORN: 'honk-horn',
  FLASH_LIGHTS: 'flash-lights',
  START_HVAC_SYSTEM: 'start-hvac-system',
  CLIMATE_ON: 'climate-on',
  CLIMATE_OFF: 'climate-off',
  SET_TEMPERATURE: 'set-temperature',
  SET_CHARGE_LIMIT: 'set-charge-limit',
  ACTUATE_FRONT_TRUNK: 'actuate-front-trunk',
  ACTUATE_REAR_TRUNK: 'actuate-rear-trunk',
  OPEN_CHARGE_PORT: 'open-charge-port',
  CLOSE_CHARGE_PORT: 'close-charge-port',
  START_CHARGING: 'start-charging',
  STOP_CHARGING: 'stop-charging',
  SET_VEHICLE_NAME: 'set-vehicle-name',
  SCHEDULE_SOFTWARE_UPDATE: 'schedule-software-update',
  CANCEL_SOFTWARE_UPDATE: 'cancel-software-update',
  WINDOW_HEATING_ON: 'window-heating-on',
  WINDOW_HEATING_OFF: 'window-heating-off',
} as const;
export type CommandName = keyof typeof COMMANDS;
export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** [V] The commands whose creation call carries a JSON body (their arguments); the others are sent with none. */
export const COMMANDS_WITH_BODY = [
  'SET_TEMPERATURE',
  'SET_CHARGE_LIMIT',
  'SET_VEHICLE_NAME',
  'SCHEDULE_SOFTWARE_UPDATE',
] as const satisfies readonly CommandName[];
export type CommandWithBody = (typeof COMMANDS_WITH_BODY)[number];

export function commandHasBody(command: CommandName): command is CommandWithBody {
  return (COMMANDS_WITH_BODY as readonly CommandName[]).includes(command);
}

/**
 * [A] Typical ranges of the command arguments: hints in the console, and the contract sandbox's own
 * limits. The vendor publishes no bounds (only `limit` an integer, the temperatures numbers), so
 * Motorpool refuses only what is not of the published type and leaves the rest to the service.
 */
export const COMMAND_TYPICAL_RANGES = {
  temperatureC: { min: 15, max: 30 },
  chargeLimit: { min: 50, max: 100 },
  vehicleName: { min: 1, max: 40 },
  softwareUpdateOffsetSeconds: { min: 0, max: 86_400 },
} as const;

/** [V] commands still pending after this long end as timed out. */
export const COMMAND_TIMEOUT_SECONDS = 300;

export const FAILED_REASONS = [
  'OEM_UNKNOWN_ERROR',
  'OEM_TIMEOUT',
  'OEM_UNAVAILABLE',
  'OEM_NETWORK_ERROR',
  'OEM_INCORRECT_REGION',
  'OEM_APP_REQUIRED_UPDATE',
  'OEM_USER_ACCOUNT_LOCKED',
  'OEM_OAUTH_TOKEN_EXPIRED',
  'OEM_VEHICLE_OFFLINE',
  'OEM_VEHICLE_REMOTE_ACCESS_DISABLED',
  'OEM_VEHICLE_LOCATION_SHARING_DISABLED',
  'OEM_AUTH_DRIVER_IS_NOT_PRIMARY_USER',
  'OEM_DEVICE_NOT_FOUND',
  'OEM_COMMAND_TIMEOUT',
  'OEM_COMMAND_FAILED',
  'OEM_COMMAND_SUCCEEDED_WITH_DOOR_AJAR',
  'OEM_RATE_LIMITED',
  'OEM_ACCOUNT_RATE_LIMITED',
  'OEM_DEVICE_RATE_LIMITED',
  'OEM_STOP_CHARGE_RATE_LIMITED',
  'OEM_COMMANDS_RATE_LIMITED',
  'OEM_VEHICLE_LOCATION_UNKNOWN',
  'OEM_VEHICLE_NOT_IN_AUTHORIZED_LOCATION',
  'OEM_VEHICLE_CHARGING_NOT_FINISHED',
  'OEM_VEHICLE_CHARGING_NOT_STOPPED',
  'OEM_VEHICLE_CHARGING_NOT_STARTED',
  'OEM_VEHICLE_CHARGING_NOT_PAUSED',
  'OEM_VEHICLE_CHARGING_REFUSED_PLAY_PROTECTION',
  'OEM_COMMAND_REFUSED_OTHER_SERVICE_RUNNING',
  'OEM_COMMAND_REFUSED_VEHICLE_AWAKE_IN_STAND_STILL_AND_RESTING_STATE',
  'OEM_COMMAND_REFUSED_VEHICLE_AWAKE_IN_STAND_STILL_AND_ACTIVE_STATE',
  'OEM_COMMAND_REFUSED_VEHICLE_AWAKE_IN_DRIVING_OR_READY_TO_DRIVE',
  'OEM_COMMAND_REFUSED_VEHICLE_AWAKE_IN_DIAGNOSTICS_MODE',
  'SERVER_ERROR',
  'INTERNAL_RATE_LIMITED',
  'AUTHENTICATION_ERROR',
  'NOT_PERMITTED',
] as const;
export type FailedReason = (typeof FAILED_REASONS)[number];

export const CONNECTION_STATUSES = ['CONNECTED', 'PENDING_CONNECTION', 'DISCONNECTED'] as const;

/** Countries where the trim, and so the specifications, can be identified (ISO 3166 alpha-2). */
export const SPECIFICATION_COUNTRIES = ['CA', 'FR', 'DE', 'IE', 'IT', 'ES', 'GB', 'US'] as const;

export { PAGE_SIZE, TAG_LIMIT } from './limits';
export { CONNECT_SCOPES, LOCALES, REGIONS, SCOPES, type ConnectScope } from './connect';
export { BULK_CONNECT, ELIGIBILITY } from './eligibility';

export const FILTER_OPERATORS = ['isNull', 'isNotNull', '==', '!=', '>', '<', '>=', '<=', 'like', 'ilike', 'notIlike'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const TAG_OBJECT_TYPES = ['DEVICE'] as const;

export const BULK_STATUSES = ['CREATED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export const ELIGIBILITY_RESULT_STATUSES = [
  'NOT_SUPPORTED',
  'VALIDATION_ERROR',
  'PENDING',
  'SUBMITTED',
  'INELIGIBLE_PENDING_FAILURE_REASON',
  'ELIGIBLE',
  'INELIGIBLE',
  'FAILED',
] as const;
export const BULK_CONNECTION_RESULT_STATUSES = [
  'CONNECTED',
  'PROCESSING',
  'PENDING',
  'CONNECTION_REQUIRED',
  'INCOMPATIBLE',
  'ERROR',
] as const;

export const RATE_LIMIT_KEYS = [
  'OEM_ENERGY_API_COMMANDS',
  'OEM_ENERGY_API_STOP_COMMANDS',
  'OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE',
] as const;
export const RATE_LIMIT_DOMAINS = ['VEHICLE'] as const;

export const CHARGING_STATES = ['STARTING', 'STOPPED', 'CHARGING', 'COMPLETE', 'DISCONNECTED', 'NO_POWER', 'CONNECTED', 'INVALID'] as const;

/** Tire pressure history: query names [V], at most three months, default the last three. */
export const TIRE_HISTORY = { fromParam: 'from_datetime', toParam: 'to_datetime', maxRangeDays: 92 } as const;

/** Connect links are valid for one hour. */
export const CONNECT_LINK_TTL_SECONDS = 3600;

export const REQUEST_ID_HEADER = 'X-Request-Id';
