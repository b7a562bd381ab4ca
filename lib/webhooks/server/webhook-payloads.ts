import 'server-only';
import { z } from 'zod';

/**
 * The Vehicle API's webhook payloads (contract-gaps "Webhooks"): each event's fields inside the
 * Standard Webhooks envelope `{type, timestamp, data}`. Lenient about what we do not use, strict
 * about what we act on.
 */
export const envelopeSchema = z.object({
  type: z.string().min(1).max(100),
  timestamp: z.string().max(100).optional(),
  data: z.record(z.string(), z.unknown()),
});

const id = z.string().min(1).max(200);

export const commandUpdatedSchema = z.object({
  id,
  deviceType: z.string().max(50).optional(),
  deviceId: id,
  command: z.string().max(100).optional(),
  status: z.string().min(1).max(50),
  failedReason: z.string().max(2000).nullish(),
});

export const deviceConnectionSchema = z.object({ id, deviceType: z.string().max(50).optional() });

export const deviceTelemetrySchema = z.object({
  // An unknown metric is kept (recorded), not refused: the vendor adds metrics.
  metricType: z.string().min(1).max(100),
  vehicle: z.union([id, z.object({ id }).passthrough()]),
  timestamp: z.string().max(100).optional(),
});

export const rateLimitUpdatedSchema = z.object({
  remaining_requests: z.number().int().min(0),
  max_requests: z.number().int().min(0),
  domain: z.string().max(50).optional(),
  window_size_seconds: z.number().int().min(0).optional(),
  object_id: id,
  key: z.string().max(200),
});

/**
 * `alert.updated`: a platform alert, in the shape `GET /v1/vehicles/{id}/alerts` answers (an
 * assumption: contract-gaps names the event, not its fields); `status` ACTIVE or RESOLVED.
 */
export const alertUpdatedSchema = z.object({
  id,
  vehicleId: id,
  status: z.string().min(1).max(50),
  muted: z.boolean().optional(),
  currentSeverity: z.string().max(50).nullish(),
  updatedAt: z.string().max(100).nullish(),
  definition: z
    .object({ code: z.string().max(100).nullish() })
    .passthrough()
    .nullish(),
});

/** The vehicle an event is about, read before validation (for the list of recent events); null when none parses. */
export function vehicleIdOf(type: string, data: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null);
  switch (type) {
    case 'device.connected':
    case 'device.disconnected':
      return text(data.id);
    case 'command.updated':
      return text(data.deviceId);
    case 'device.telemetry':
      return text(data.vehicle) ?? text((data.vehicle as { id?: unknown } | null | undefined)?.id);
    case 'rate_limit.updated':
      return text(data.object_id);
    case 'alert.updated':
      return text(data.vehicleId);
    default:
      return null;
  }
}
