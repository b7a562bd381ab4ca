import 'server-only';
import type { CommandName, FailedReason, RATE_LIMIT_KEYS } from '@/lib/contract/vehicle-api';

/** In-memory state of the sandbox. Times are epoch milliseconds. */

export type Region = 'EUROPE' | 'NORTH_AMERICA';
export type RateLimitKey = (typeof RATE_LIMIT_KEYS)[number];

export interface Account {
  id: string;
  username: string;
  make: string;
  region: Region;
  active: boolean;
}

export interface Tag {
  key: string;
  value: string;
}

export interface SimState {
  odometerKm: number;
  socPercent: number;
  capacityKwh: number;
  rangeKmFull: number;
  chargeLimit: number;
  chargingState: 'CHARGING' | 'STOPPED' | 'COMPLETE' | 'DISCONNECTED';
  chargeStartedAt: number | null;
  socAtChargeStart: number;
  chargePortDoorOpen: boolean;
  locked: boolean;
  frontTrunkOpen: boolean;
  rearTrunkOpen: boolean;
  climateOn: boolean;
  temperatureC: { driver: number; passenger: number };
  windowHeating: boolean;
  softwareUpdateAt: number | null;
  name: string | null;
  nameUpdatedAt: number | null;
  latitude: number;
  longitude: number;
  heading: number;
  tirePressureKpa: [number, number, number, number];
  updatedAt: number;
}

export interface Budget {
  remaining: number;
  windowStart: number;
}

export interface Execution {
  id: string;
  vehicleId: string;
  command: CommandName;
  commandArguments: Record<string, unknown>;
  executedAt: number;
  settlesAt: number;
  outcome: { status: 'EXECUTED' } | { status: 'FAILED'; failedReason: FailedReason | string };
  applied: boolean;
}

export interface Vehicle {
  id: string;
  seed: number;
  accountId: string;
  vin: string;
  make: string;
  model: string;
  trim: string | null;
  modelYear: number | null;
  registrationPlate: string | null;
  registrationCountry: string;
  isRegNoValidated: boolean;
  regNoValidatedAt: number | null;
  registrationDate: number;
  consentId: string;
  connectionStatus: 'CONNECTED' | 'PENDING_CONNECTION' | 'DISCONNECTED';
  connectionErrorCode: string | null;
  connectionErrorMessage: string | null;
  actionCategory: 'CUSTOMER_ACTION' | 'CONTACT_SUPPORT' | 'UNDER_REVIEW' | null;
  isListening: boolean;
  listeningLastUpdated: number;
  online: boolean;
  lastSeenAt: number;
  hasJourneys: boolean;
  commandBudgetSpent: boolean;
  /** Created on first use, from `seed`: seeding 10,000 vehicles must stay cheap. */
  sim?: SimState;
  budgets?: Record<RateLimitKey, Budget>;
  executions: Execution[];
}

export interface ConsentLink {
  id: string;
  createdAt: number;
  usedAt: number | null;
  returnUrl: string;
  scopes: string[];
  region: Region;
  makes: string[];
  vin: string | null;
  model: string | null;
  modelYear: number | null;
  countryCode: string | null;
  locale: string | null;
}

export interface BulkVinInput {
  vin: string;
  make: string | null;
  countryCode: string;
}

export interface BulkGroup {
  id: string;
  kind: 'eligibility' | 'connection';
  createdAt: number;
  vins: BulkVinInput[];
}

export interface AuditEntry {
  at: number;
  organizationId: string;
  action: 'listening.changed';
  vehicleId: string;
  isListening: boolean;
}

export interface Organization {
  id: string;
  index: number;
  name: string;
  clientId: string;
  clientSecret: string;
  accounts: Account[];
  accountById: Map<string, Account>;
  vehicles: Vehicle[];
  vehicleById: Map<string, Vehicle>;
  tags: Map<string, Tag[]>;
  consentLinks: Map<string, ConsentLink>;
  bulkGroups: Map<string, BulkGroup>;
  audit: AuditEntry[];
  fixtures: SandboxFixtures;
  /** Bulk VIN connection (`POST /v1/vehicles/connect`) is on; the admin API turns it off to play a vendor that has not enabled it. */
  bulkConnectEnabled: boolean;
}

export interface SandboxFixtures {
  accountIds: string[];
  onlineListeningVehicleId: string;
  offlineVehicleId: string;
  notListeningVehicleId: string;
  spentBudgetVehicleId: string;
  optionsBrandVehicleId: string;
  unsupportedOptionsVehicleId: string;
  noSpecificationsVehicleId: string;
  noJourneysVehicleId: string;
  /** No battery figures yet (never charged since connection): state of health and range answer 404. */
  noBatteryDataVehicleId: string;
  taggedVehicle: { id: string; key: string; value: string };
  /** Seeded as DISCONNECTED: never listed, 404 by id. */
  disconnectedVehicleId: string;
  /** A bulk connection group created at seeding. */
  bulkConnectionId: string;
}

export function isActive(vehicle: Vehicle): boolean {
  return vehicle.connectionStatus !== 'DISCONNECTED';
}
