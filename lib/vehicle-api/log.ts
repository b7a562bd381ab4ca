import 'server-only';

/** One line per upstream call (per attempt). Never holds headers, bodies, query strings or tokens. */
export interface UpstreamCallLog {
  event: 'vehicle_api.call';
  method: string;
  /** The path template, e.g. `/v1/vehicles/{vehicleId}`: ids and query values stay out of logs. */
  path: string;
  status: number;
  durationMs: number;
  requestId?: string;
  attempt: number;
  errorCode?: string;
}

/** `enabled`, when present and false, lets the client skip building the entry (the hot path stays bare). */
export type VehicleApiLogger = ((entry: UpstreamCallLog) => void) & { enabled?: () => boolean };

export const jsonLineLogger: VehicleApiLogger = (entry) => {
  process.stdout.write(`${JSON.stringify(entry)}\n`);
};

const MIN_SECRET_LENGTH = 6;

/**
 * Masks any known secret that slipped into a string field. The entry is built from templates, so
 * this is a second line of defence, not the first.
 */
export function redact(entry: UpstreamCallLog, secrets: Iterable<string | undefined>): UpstreamCallLog {
  const list = [...secrets].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH);
  if (list.length === 0) return entry;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    out[key] =
      typeof value === 'string'
        ? list.reduce((text, secret) => (text.includes(secret) ? text.split(secret).join('[REDACTED]') : text), value)
        : value;
  }
  return out as unknown as UpstreamCallLog;
}
