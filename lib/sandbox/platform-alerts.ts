import 'server-only';
import type { Vehicle } from './model';
import { createRng, hashSeed, intBetween, pick } from './random';

/**
 * Platform alerts (`GET /v1/vehicles/{id}/alerts`): raised by the service about a vehicle (not by
 * the vehicle itself, unlike manufacturer alerts). The vendor publishes `status` (ACTIVE|RESOLVED),
 * `muted`, `currentSeverity`, `definition` and `resolutions[].steps[]` [V]; the rest of the shape
 * (ids, times, the step and definition fields, the cursor page) is our assumption [A].
 */

const HOUR_MS = 3_600_000;

type Definition = { code: string; name: string; description: string; category: string; severity: string; steps: string[] };

const DEFINITIONS: readonly Definition[] = [
  {
    code: 'VEHICLE_NOT_SEEN',
    name: 'Vehicle not seen for 48 hours',
    description: 'The manufacturer has sent no data about this vehicle for two days.',
    category: 'CONNECTIVITY',
    severity: 'HIGH',
    steps: [
      'Ask the driver to start the vehicle and drive a short distance',
      "Check that the vehicle shows as online in the manufacturer's app",
      'If the owner withdrew consent, send a new consent link from Connect',
    ],
  },
  {
    code: 'LOW_STATE_OF_CHARGE',
    name: 'State of charge below 10 %',
    description: 'The battery is nearly empty and the vehicle is not charging.',
    category: 'ENERGY',
    severity: 'MEDIUM',
    steps: ['Plug the vehicle in', 'Check that the charging station delivers power', 'Confirm in Telemetry that the state of charge rises'],
  },
  {
    code: 'TIRE_PRESSURE_DROP',
    name: 'Tire pressure dropped',
    description: 'One tire lost more than 20 kPa within a day.',
    category: 'MAINTENANCE',
    severity: 'HIGH',
    steps: ['Inspect the tire for damage', 'Inflate it to the pressure on the door frame', 'Book a tire service if it drops again'],
  },
  {
    code: 'CONSENT_EXPIRING',
    name: 'Consent expires within 30 days',
    description: "The owner's consent for this vehicle ends soon; data stops when it does.",
    category: 'CONSENT',
    severity: 'LOW',
    steps: ['Send the owner a new consent link from Connect'],
  },
  {
    code: 'BATTERY_HEALTH_DROP',
    name: 'Battery state of health fell sharply',
    description: 'The state of health fell more than 3 points since the last calculation.',
    category: 'BATTERY',
    severity: 'CRITICAL',
    steps: [
      'Stop fast charging the vehicle',
      'Book a battery inspection with the manufacturer',
      'Note the vehicle for the next fleet review',
    ],
  },
];

function renderAlert(
  vehicle: Vehicle,
  definition: Definition,
  index: number,
  status: 'ACTIVE' | 'RESOLVED',
  muted: boolean,
  raisedAt: number,
) {
  const id = `alr_${hashSeed(vehicle.id, definition.code, index).toString(16)}`;
  const at = new Date(raisedAt).toISOString();
  return {
    id,
    vehicleId: vehicle.id,
    status,
    muted,
    currentSeverity: definition.severity,
    createdAt: at,
    updatedAt: at,
    resolvedAt: status === 'RESOLVED' ? new Date(raisedAt + 6 * HOUR_MS).toISOString() : null,
    definition: {
      id: `def_${definition.code.toLowerCase()}`,
      code: definition.code,
      name: definition.name,
      description: definition.description,
      category: definition.category,
    },
    resolutions: [
      {
        id: `res_${hashSeed(id, 'resolution').toString(16)}`,
        title: 'Recommended steps',
        steps: definition.steps.map((description, order) => ({ order: order + 1, description })),
      },
    ],
  };
}

export type PlatformAlert = ReturnType<typeof renderAlert>;

/**
 * The alerts of one vehicle, newest first: the offline fixture always has an active "not seen"
 * alert, the no-journeys fixture has none, others draw zero to three from their seed.
 */
export function platformAlertsOf(vehicle: Vehicle, fixtures: { offlineVehicleId: string; noJourneysVehicleId: string }): PlatformAlert[] {
  if (vehicle.id === fixtures.noJourneysVehicleId) return [];
  const rng = createRng(hashSeed(vehicle.seed, 'platform-alerts'));
  const alerts: PlatformAlert[] = [];
  if (vehicle.id === fixtures.offlineVehicleId)
    alerts.push(renderAlert(vehicle, DEFINITIONS[0], 0, 'ACTIVE', false, vehicle.lastSeenAt + 48 * HOUR_MS));
  const count = intBetween(rng, 0, 3);
  for (let i = 1; i <= count; i++) {
    const definition = pick(rng, DEFINITIONS.slice(1));
    const status = rng() < 0.7 ? 'ACTIVE' : 'RESOLVED';
    alerts.push(renderAlert(vehicle, definition, i, status, rng() < 0.2, vehicle.lastSeenAt - intBetween(rng, 1, 240) * HOUR_MS));
  }
  return alerts.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
