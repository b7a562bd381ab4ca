import 'server-only';
import { z } from 'zod';
import { obj, text, timestamp, strings, figure, count, flag, openEnum, absentArray, numberedResults, cursorPage } from './schema-parts';

export const tokenResponseSchema = obj({
  access_token: z.string().min(1),
  token_type: text,
  expires_in: z.coerce.number().positive().nullish(),
  refresh_token: text,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const tokenTestSchema = obj({ clientId: text, organizationId: text });

export const accountSchema = obj({ id: z.string(), username: text });
export const accountPageSchema = cursorPage(accountSchema);

export const connectResultSchema = obj({ authenticationUrl: z.string() });
/** The disconnect body is of unspecified shape (`{}` in practice). */
export const anyBodySchema = z.unknown();
export const emptyBodySchema = z.unknown();

export const tagSchema = obj({ key: z.string(), value: z.string(), objectType: text, objectId: text });
export const tagListSchema = obj({ tags: z.array(tagSchema) });

/** [V] `registrationDate` is a date (`YYYY-MM-DD`); a vehicle has no registration country of its own. */
const metadataSchema = obj({ lastSeenAt: timestamp, consentId: text, accountId: text, registrationDate: text });

export const vehicleSchema = obj({
  id: z.string(),
  vin: text,
  make: text,
  model: text,
  trim: text,
  modelYear: z.union([z.string(), z.number()]).nullish(),
  registrationPlate: text,
  isRegNoValidated: flag,
  regNoValidatedAt: timestamp,
  metadata: metadataSchema.nullish(),
  isListening: flag,
  listeningLastUpdated: timestamp,
  connectionStatus: openEnum(['CONNECTED', 'PENDING_CONNECTION', 'DISCONNECTED']),
  connectionErrorCode: text,
  connectionErrorMessage: text,
  actionCategory: openEnum(['CUSTOMER_ACTION', 'CONTACT_SUPPORT', 'UNDER_REVIEW']),
});
export const vehiclePageSchema = cursorPage(vehicleSchema);

export const vehicleOptionsSchema = obj({
  vehicleId: text,
  vehicleConfig: obj({}).nullish(),
  options: z.array(obj({ code: text, description: text })).nullish(),
});
export type VehicleOptions = z.infer<typeof vehicleOptionsSchema>;

export const vehicleSpecificationsSchema = obj({
  make: text,
  model: text,
  modelYear: z.union([z.string(), z.number()]).nullish(),
  batteryCapacity: figure,
  batteryCapacityNet: figure,
  standardEvr: figure,
  allElectricRange: figure,
  allElectricRangeMin: figure,
});
export type VehicleSpecifications = z.infer<typeof vehicleSpecificationsSchema>;

const measurement = obj({ value: figure, unit: text, timestamp }).nullish();
export const telemetrySchema = obj({
  id: text,
  odometer: measurement,
  elevation: measurement,
  speed: measurement,
  heading: measurement,
  stateOfCharge: measurement,
  range: measurement,
  realRange: measurement,
  energyRemaining: measurement,
  maxStateOfCharge: measurement,
  minStateOfCharge: measurement,
  chargeRemainingTime: measurement,
  chargePowerLevel: measurement,
  chargeCurrentLimit: measurement,
  location: obj({ latitude: figure, longitude: figure, timestamp }).nullish(),
  chargingState: obj({
    chargingState: openEnum(['STARTING', 'STOPPED', 'CHARGING', 'COMPLETE', 'DISCONNECTED', 'NO_POWER', 'CONNECTED', 'INVALID']),
    timestamp,
    chargePortDoorOpen: flag,
    chargePortLatch: openEnum(['ENGAGED', 'DISENGAGED', 'BLOCKING', 'INVALID']),
  }).nullish(),
  tirePressure: obj({
    frontLeftTire: figure,
    frontRightTire: figure,
    rearLeftTire: figure,
    rearRightTire: figure,
    unit: text,
    timestamp,
  }).nullish(),
  security: obj({ locked: flag, timestamp }).nullish(),
  metadata: metadataSchema.nullish(),
});
export type Telemetry = z.infer<typeof telemetrySchema>;

export const bulkGroupSchema = obj({
  id: z.string(),
  status: openEnum(['CREATED', 'PROCESSING', 'COMPLETED', 'FAILED']),
  createdAt: timestamp,
});

export const eligibilityResultSchema = obj({
  rowId: z.union([z.string(), z.number()]).nullish(),
  vin: text,
  make: text,
  status: text,
  errorMessage: text,
});
export const eligibilityResultsSchema = numberedResults(eligibilityResultSchema);

export const bulkConnectionResultSchema = obj({
  vehicleId: text,
  vehicleInputId: text,
  status: text,
  message: text,
  errors: z.array(obj({ code: text, message: text, actionCategory: text })).nullish(),
  canRetry: flag,
  vin: text,
  make: text,
  model: text,
  countryCode: text,
  registrationPlate: text,
  modelYear: z.union([z.string(), z.number()]).nullish(),
  wasAlreadyConnected: flag,
});
export const bulkConnectionResultsSchema = numberedResults(bulkConnectionResultSchema);

export const commandExecutionSchema = obj({
  // The vendor requires only vehicleId and command: an execution may come back without its id.
  id: text,
  vehicleId: text,
  command: text,
  commandArguments: obj({}).nullish(),
  timeout: figure,
  executedAt: timestamp,
  status: openEnum(['PENDING', 'EXECUTED', 'FAILED']),
  // A contract code, or sometimes free text.
  failedReason: text,
});
export const commandExecutionPageSchema = cursorPage(commandExecutionSchema);

export const listeningStateSchema = obj({ vehicleId: text, isListening: flag, lastUpdated: timestamp });

export const journeySchema = obj({
  id: z.string(),
  vehicleId: text,
  vin: text,
  startTimestamp: timestamp,
  stopTimestamp: timestamp,
  distanceTravelledKm: figure,
  odometerStart: figure,
  odometerEnd: figure,
  energyUsedKwh: figure,
  energyStartKwh: figure,
  energyEndKwh: figure,
  socUsed: figure,
  socStart: figure,
  socEnd: figure,
  startLatitude: figure,
  startLongitude: figure,
  stopLatitude: figure,
  stopLongitude: figure,
});
export const journeyPageSchema = obj({
  results: z.array(journeySchema),
  nextPageToken: z.string().nullish(),
  estimatedTotalResults: count,
  totalResults: count,
});
export type Journey = z.infer<typeof journeySchema>;

export const chargingSessionSchema = obj({
  id: z.string(),
  vehicleId: text,
  startedAt: timestamp,
  endedAt: timestamp,
  chargeDuration: figure,
  latitude: figure,
  longitude: figure,
  kwhFromGrid: figure,
  kwhInHvb: figure,
  startStateOfCharge: figure,
  endStateOfCharge: figure,
  externalTemperature: figure,
  kwMedian: figure,
});
export const chargingSessionPageSchema = cursorPage(chargingSessionSchema);
export type ChargingSession = z.infer<typeof chargingSessionSchema>;

export const maintenanceServiceSchema = obj({
  component: text,
  type: text,
  kmToNextService: figure,
  dateOfNextServiceAt: timestamp,
  dateOfLastServiceAt: timestamp,
  odometerKmAtLastService: figure,
  status: text,
});
export const maintenanceServicesSchema = obj({ services: z.array(maintenanceServiceSchema) });

export const departureTimeSchema = obj({ hour: figure, minute: figure, daysOfWeek: strings, localTimeOffset: figure });
export const departureTimesSchema = obj({ departureTimes: z.array(departureTimeSchema) });

export const tireReadingSchema = obj({
  bucket: timestamp,
  frontLeft: figure,
  frontRight: figure,
  rearLeft: figure,
  rearRight: figure,
});
export const tireHistorySchema = obj({ tires: absentArray(tireReadingSchema) });

export const manufacturerAlertSchema = obj({
  status: openEnum(['ACTIVE', 'RESOLVED', 'UNKNOWN']),
  timestamp,
  oemCode: text,
  oemMessage: text,
  mappedMessage: text,
  mappedCode: text,
  type: openEnum(['FAULT', 'WARNING', 'INFO', 'ROUTINE_MAINTENANCE', 'TEMPORARY_FAULT']),
  severity: openEnum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']),
  affectedComponent: text,
  recommendedAction: text,
  oemMetadata: z.unknown().optional(),
});
export const manufacturerAlertsSchema = obj({ alerts: absentArray(manufacturerAlertSchema) });

/** [V] Published beyond the contract: figures are decimal strings, read as numbers (kept as sent when not). */
export const stateOfHealthSchema = obj({
  vehicleId: text,
  calculationDate: timestamp,
  stateOfHealth: figure,
  batteryCapacity: obj({ nominal: figure, real: figure }).nullish(),
});
export type StateOfHealth = z.infer<typeof stateOfHealthSchema>;

/** `nominal` per test cycle (WLTP, NEDC, EPA, UNKNOWN), integers; `score` per cycle, decimal strings. */
export const rangeSchema = obj({
  vehicleId: text,
  unit: text,
  calculationDate: timestamp,
  range: obj({
    real: figure,
    realWarmerRange: figure,
    realColderRange: figure,
    nominal: z.record(z.string(), figure).nullish(),
    score: z.record(z.string(), figure).nullish(),
  }).nullish(),
});
export type VehicleRange = z.infer<typeof rangeSchema>;

/** `windowLocation` has no published shape: kept as sent. */
export const chargingWindowSchema = obj({
  startHour: figure,
  startMinute: figure,
  endHour: figure,
  endMinute: figure,
  daysOfWeek: strings,
  localTimeOffset: figure,
  windowLocation: z.unknown().optional(),
});
export const chargingWindowsSchema = obj({ chargingWindows: absentArray(chargingWindowSchema) });
export type ChargingWindow = z.infer<typeof chargingWindowSchema>;

export const listeningAuditEntrySchema = obj({ vehicleId: text, isListening: flag, timestamp });
export const listeningAuditPageSchema = obj({
  results: absentArray(listeningAuditEntrySchema),
  nextPageToken: z.string().nullish(),
  totalResults: count,
});

/**
 * Platform alerts [V: status, muted, currentSeverity, definition, resolutions[].steps[]; the rest A].
 * A step may come as a string or an object; the list as a cursor page (`results`, left out when
 * empty), as `{alerts}` or as a bare array: all read as `alerts`.
 */
/** [V] The vendor writes a step's text and order inside its `definition`; earlier shapes beside it. */
const alertStepSchema = z.union([
  z.string().transform((description) => ({ order: null, title: null, description })),
  obj({ order: count, title: text, description: text, definition: obj({ description: text, order: count }).nullish() }).transform(
    ({ definition, ...step }) => ({
      order: step.order ?? definition?.order ?? null,
      title: step.title ?? null,
      description: step.description ?? definition?.description ?? null,
    }),
  ),
]);
/** [V] The vendor's category and resolution definitions are `{id, name, description}` objects: read as their name. */
const namedSchema = obj({ id: text, name: text, description: text });
const categorySchema = z.union([z.string(), namedSchema.transform((named) => named.name ?? named.id ?? null)]).nullish();
const alertResolutionSchema = obj({
  id: text,
  title: text,
  description: text,
  definition: namedSchema.nullish(),
  steps: absentArray(alertStepSchema),
}).transform(({ definition, ...resolution }) => ({
  ...resolution,
  title: resolution.title ?? definition?.name ?? null,
  description: resolution.description ?? definition?.description ?? null,
}));
export const platformAlertSchema = obj({
  id: text,
  vehicleId: text,
  status: openEnum(['ACTIVE', 'RESOLVED']),
  muted: flag,
  currentSeverity: openEnum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']),
  createdAt: timestamp,
  updatedAt: timestamp,
  resolvedAt: timestamp,
  definition: obj({ id: text, code: text, name: text, description: text, category: categorySchema }).nullish(),
  resolutions: absentArray(alertResolutionSchema),
});
export const platformAlertsSchema = z.union([
  z.array(platformAlertSchema).transform((alerts) => ({ alerts, nextPageToken: null, totalResults: alerts.length })),
  obj({
    results: z.array(platformAlertSchema).nullish(),
    alerts: z.array(platformAlertSchema).nullish(),
    nextPageToken: z.string().nullish(),
    totalResults: count,
  }).transform(({ results, alerts, nextPageToken, totalResults }) => {
    const list = results ?? alerts ?? [];
    return { alerts: list, nextPageToken: nextPageToken ?? null, totalResults: totalResults ?? list.length };
  }),
]);

/** Budgets the client computes with (requests left before a call): a count that is no number is unknown. */
export const rateLimitSchema = obj({
  remainingRequests: count,
  maxRequests: count,
  domain: text,
  windowSizeSeconds: count,
  objectId: text,
  key: text,
});
export const rateLimitsSchema = z.array(rateLimitSchema);
export type RateLimit = z.infer<typeof rateLimitSchema>;
