// Part of the contract (re-exported by vehicle-api.ts), apart so the eligibility pages' first load does not carry the whole contract.

export const ELIGIBILITY = { minVins: 1, maxVins: 500, vinPattern: /^[A-Za-z0-9]{17}$/ } as const;
/** [V] `POST /v1/vehicles/connect`: up to 100 VINs per request, off unless the vendor enables it for the organization. */
export const BULK_CONNECT = { minVins: 1, maxVins: 100 } as const;

/** [V] The codes of a bulk connection result's `errors[]` (the vendor's `Code` enumeration); a vehicle's `connectionErrorCode` speaks the same words. */
export const BULK_CONNECT_ERROR_CODES = [
  'OEM_INCORRECT_REGION',
  'OEM_VEHICLE_OFFLINE',
  'OEM_VEHICLE_REMOTE_ACCESS_DISABLED',
  'OEM_VEHICLE_DATA_SHARING_DISABLED',
  'FLEET_CONSENT_MISSING',
  'OEM_AUTH_DRIVER_IS_NOT_PRIMARY_USER',
  'OEM_DEVICE_NOT_FOUND',
  'OEM_VEHICLE_NOT_COMPATIBLE',
  'OEM_VEHICLE_UPDATE_REQUIRED',
  'DEVICE_LIMIT_REACHED',
  'NOT_PERMITTED',
  'VIN_UPLOAD_INVALID_FORMAT',
  'INVALID_VIN',
  'VIN_CHECK_NOT_SUPPORTED',
  'VEHICLE_ALREADY_ADDED_TO_ORGANIZATION',
  'VEHICLE_ALREADY_ADDED_CONNECTION_REQUIRED',
  'VEHICLE_ALREADY_ADDED_INCOMPATIBLE',
  'VEHICLE_ALREADY_ADDED_PENDING_CONNECTION',
  'VIN_UPLOAD_NOT_SUPPORTED',
  'VIN_BLACKLISTED',
  'SUBJECTS_NOT_ASSIGNABLE',
] as const;
export type BulkConnectErrorCode = (typeof BULK_CONNECT_ERROR_CODES)[number];

/** [V] What an error's or a vehicle's `actionCategory` asks of a person. */
export const ACTION_CATEGORIES = ['CUSTOMER_ACTION', 'CONTACT_SUPPORT', 'UNDER_REVIEW'] as const;
export type ActionCategory = (typeof ACTION_CATEGORIES)[number];
