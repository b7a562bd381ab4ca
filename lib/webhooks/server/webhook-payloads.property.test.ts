import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { applyWebhookEvent } from './apply-webhook-event';
import { receiveWebhook } from './receive-webhook';
import { organizationWithSnapshotVehicle, signedDelivery } from './webhooks.test-support';
import { WEBHOOK_EVENT_OUTCOMES } from '@/lib/db/schema';
import {
  alertUpdatedSchema,
  commandUpdatedSchema,
  deviceConnectionSchema,
  deviceTelemetrySchema,
  envelopeSchema,
  rateLimitUpdatedSchema,
  vehicleIdOf,
} from './webhook-payloads';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0034');

const TYPES = ['command.updated', 'device.connected', 'device.disconnected', 'device.telemetry', 'rate_limit.updated', 'alert.updated'];
const SCHEMAS = [
  envelopeSchema,
  commandUpdatedSchema,
  deviceConnectionSchema,
  deviceTelemetrySchema,
  rateLimitUpdatedSchema,
  alertUpdatedSchema,
];

/** Values that have broken readers: odd times, huge and fractional counts, long and empty ids, nested junk. */
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    '',
    '1',
    '+010000-01-01T00:00:00.000Z',
    '-000001-01-01T00:00:00Z',
    '0099-01-01T00:00:00Z',
    'x'.repeat(201),
    1e300,
    -1,
    0.5,
  ),
);
/** An event's data near the shapes the vendor sends: the right keys, with any values, or none. */
const data = fc.dictionary(
  fc.constantFrom(
    'id',
    'deviceId',
    'status',
    'vehicle',
    'vehicleId',
    'metricType',
    'timestamp',
    'object_id',
    'key',
    'remaining_requests',
    'max_requests',
    'domain',
    'updatedAt',
    'definition',
    'muted',
    '__proto__',
  ),
  oddValue,
  { maxKeys: 8 },
);
const envelope = fc.record(
  { type: fc.oneof(fc.constantFrom(...TYPES, 'test.event', ''), fc.string()), timestamp: oddValue, data: fc.oneof(data, oddValue) },
  { requiredKeys: [] },
);

describe('webhook payload readers (properties)', () => {
  it('read any JSON without throwing, and name a vehicle only by a short, non-empty id', () => {
    fc.assert(
      fc.property(fc.oneof(envelope, fc.jsonValue()), fc.constantFrom(...TYPES, 'other'), data, (payload, type, fields) => {
        for (const schema of SCHEMAS) schema.safeParse(payload);
        const parsed = envelopeSchema.safeParse(payload);
        const id = parsed.success ? vehicleIdOf(parsed.data.type, parsed.data.data) : vehicleIdOf(type, fields);
        if (id !== null) expect(typeof id === 'string' && id.length >= 1 && id.length <= 200).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('accept every well-formed event and find its vehicle', () => {
    const id = fc.stringMatching(/^[a-z0-9_-]{1,40}$/);
    const event = fc.oneof(
      fc
        .record({ id, deviceId: id, status: fc.constantFrom('PENDING', 'EXECUTED', 'FAILED') })
        .map((d) => ['command.updated', d.deviceId, d] as const),
      fc.record({ id }).map((d) => ['device.connected', d.id, d] as const),
      fc
        .record({ metricType: fc.constantFrom('STATE_OF_CHARGE', 'NEW_METRIC'), vehicle: id })
        .map((d) => ['device.telemetry', d.vehicle, d] as const),
      fc
        .record({ remaining_requests: fc.nat(), max_requests: fc.nat(), object_id: id, key: fc.constant('OEM_ENERGY_API_COMMANDS') })
        .map((d) => ['rate_limit.updated', d.object_id, d] as const),
      fc
        .record({ id, vehicleId: id, status: fc.constantFrom('ACTIVE', 'RESOLVED') })
        .map((d) => ['alert.updated', d.vehicleId, d] as const),
    );
    const schemaOf: Record<string, { safeParse: (v: unknown) => { success: boolean } }> = {
      'command.updated': commandUpdatedSchema,
      'device.connected': deviceConnectionSchema,
      'device.telemetry': deviceTelemetrySchema,
      'rate_limit.updated': rateLimitUpdatedSchema,
      'alert.updated': alertUpdatedSchema,
    };
    fc.assert(
      fc.property(event, ([type, vehicleId, fields]) => {
        const parsed = envelopeSchema.safeParse({ type, timestamp: '2026-11-28T10:00:00Z', data: fields });
        expect(parsed.success).toBe(true);
        expect(schemaOf[type].safeParse(fields).success).toBe(true);
        expect(vehicleIdOf(type, parsed.data!.data)).toBe(vehicleId);
      }),
      { numRuns: 200 },
    );
  });
});

const [pglite] = await databaseLegs();
describe(`the webhook receiver on any signed JSON, on ${pglite.kind}`, () => {
  const t = useTestDatabase(pglite.kind);

  it('answers every delivery (202 recorded or 400 refused) and applies what it recorded without throwing', async () => {
    const { org, secret, vehicleId } = await organizationWithSnapshotVehicle(t.db);
    const aboutVehicle = envelope.map((e) =>
      e.data && typeof e.data === 'object' && !Array.isArray(e.data)
        ? { ...e, data: { id: vehicleId, vehicleId, deviceId: vehicleId, object_id: vehicleId, ...e.data } }
        : e,
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(aboutVehicle, fc.jsonValue({ maxDepth: 2 })), async (body) => {
        const delivery = signedDelivery(secret, body);
        const answer = await receiveWebhook(t.db, { orgSlug: org.slug, headers: delivery.headers, rawBody: delivery.rawBody });
        expect([202, 400]).toContain(answer.status);
        // Applied to an outcome, or (a command.updated about no execution yet) left for the apply job to try again.
        if (answer.recordedId) expect([...WEBHOOK_EVENT_OUTCOMES, undefined]).toContain(await applyWebhookEvent(t.db, answer.recordedId));
      }),
      { numRuns: 60 },
    );
  });

  it('records an event whose time no database keeps, without that time', async () => {
    const { org, secret, vehicleId } = await organizationWithSnapshotVehicle(t.db);
    for (const timestamp of ['+010000-01-01T00:00:00.000Z', '1']) {
      const delivery = signedDelivery(secret, { type: 'device.connected', timestamp, data: { id: vehicleId } });
      const answer = await receiveWebhook(t.db, { orgSlug: org.slug, headers: delivery.headers, rawBody: delivery.rawBody });
      expect(answer.status, timestamp).toBe(202);
      expect(await applyWebhookEvent(t.db, answer.recordedId!)).toBe('applied');
    }
  });
});
