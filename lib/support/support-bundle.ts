/**
 * The support bundle: one JSON a person hands to support about one vehicle (and, from a command
 * execution, that execution). Pure and browser-safe: the server builds it, the tests read it.
 * Only ids, codes, times and measurements go in; free text a person or the owner typed (plate,
 * vehicle name, member emails, coordinates) is left out, and `redactSecrets` removes any field
 * whose name says secret, token, password, cookie or email wherever it hides.
 */

import type { ExecutionOutcome } from '@/lib/commands/execution-view';

export const SUPPORT_BUNDLE_KIND = 'motorpool-support-bundle';
export const REDACTED = '[redacted]';

/** A section read fresh from the upstream: its data and request id, or why it could not be read. */
export type FreshSection<T> =
  { ok: true; requestId: string | null; data: T } | { ok: false; requestId: string | null; error: { code: string; status: number | null } };

export type BundleVehicle = {
  id: string;
  vin: string | null;
  make: string | null;
  model: string | null;
  modelYear: string | number | null;
  connectionStatus: string | null;
  connectionErrorCode: string | null;
  isListening: boolean | null;
  listeningLastUpdated: string | null;
  lastSeenAt: string | null;
  consentId: string | null;
};

export type BundleCommand = ExecutionOutcome & {
  id: string;
  command: string;
  arguments: Record<string, unknown> | null;
  origin: string;
  localStatus: string;
  requestedAt: string;
  executedAt: string | null;
  settledAt: string | null;
};

export type BundleEvent = {
  webhookId: string;
  type: string;
  receivedAt: string;
  occurredAt: string | null;
  outcome: string | null;
  detail: string | null;
  payload: Record<string, unknown>;
};

export type BundleUpstreamError = { code: string; status: number; endpoint: string; requestId: string | null; occurredAt: string };

export type SupportBundle = {
  kind: typeof SUPPORT_BUNDLE_KIND;
  formatVersion: 1;
  generatedAt: string;
  console: { version: string };
  organization: { id: string; slug: string };
  vehicleId: string;
  accountId: string | null;
  vehicle: FreshSection<BundleVehicle>;
  telemetry: FreshSection<Record<string, unknown>>;
  rateLimits: FreshSection<unknown[]>;
  commands: BundleCommand[];
  upstreamErrors: BundleUpstreamError[];
  execution?: BundleCommand;
  /** The `command.updated` events received about that execution (kept seven days), their codes and times only. */
  executionEvents?: BundleEvent[];
  redacted: string[];
};

/** What the bundle says it left out, so support does not go looking for it. */
export const REDACTION_NOTE = [
  'registration plate',
  'vehicle location (coordinates)',
  'member names and emails',
  'text arguments of commands',
  'upstream error messages',
  'every field named like a secret, token, password, cookie or email',
];

const SECRET_KEY = /secret|token|password|passwd|cookie|authorization|email|credential|api[-_]?key/i;

/** A deep copy in which every field whose name looks like a secret or personal contact is replaced. */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(item);
    return out as T;
  }
  return value;
}

/** Numbers and booleans of a command's arguments stay (a temperature, a limit); any text (a vehicle name) goes. */
export function redactArguments(args: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!args) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    out[key] = typeof value === 'number' || typeof value === 'boolean' || value === null ? value : REDACTED;
  }
  return out;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const ENUM_LIKE = /^[A-Z][A-Z0-9_]{0,60}$/;
/** An id or a time as the upstream writes them: no spaces, nothing long. */
const ID_OR_TIME = /^[\w.:+-]{1,80}$/;

/**
 * A received `command.updated` event, summarised: its type and time, and of its data the
 * execution's ids, status and failure code and its times. A message or any other text the
 * upstream put in is left out, as upstream error messages are elsewhere in the bundle.
 */
export function summarizeCommandEvent(payload: unknown): Record<string, unknown> {
  if (!isObject(payload)) return {};
  const keep = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : null);
  const data = isObject(payload.data) ? payload.data : {};
  return {
    type: keep(payload.type, ID_OR_TIME),
    timestamp: keep(payload.timestamp, ID_OR_TIME),
    data: {
      id: keep(data.id, ID_OR_TIME),
      deviceId: keep(data.deviceId, ID_OR_TIME),
      status: keep(data.status, ENUM_LIKE),
      failedReason: keep(data.failedReason, ENUM_LIKE),
      createdAt: keep(data.createdAt, ID_OR_TIME),
      updatedAt: keep(data.updatedAt, ID_OR_TIME),
    },
  };
}
/** Text kept from telemetry: times and upper-case codes (CHARGING, CLOSED); a name the owner typed is not kept. */
const codeOrTime = (field: string, value: string) => (field === 'timestamp' && value.length <= 40) || ENUM_LIKE.test(value);

/**
 * The last telemetry, summarised: each block's measurement and time, the charging and lock
 * state and other codes; the location only as its time and whether one was reported; free text
 * (a vehicle name) left out.
 */
export function summarizeTelemetry(telemetry: unknown): Record<string, unknown> {
  if (!isObject(telemetry)) return {};
  const summary: Json = {};
  for (const [block, content] of Object.entries(telemetry)) {
    if (block === 'id' || block === 'metadata' || content === null || content === undefined) continue;
    if (block === 'location') {
      summary.location = { reported: isObject(content), timestamp: isObject(content) ? (content.timestamp ?? null) : null };
      continue;
    }
    if (!isObject(content)) {
      if (typeof content === 'number' || typeof content === 'boolean') summary[block] = content;
      continue;
    }
    const kept: Json = {};
    for (const [field, value] of Object.entries(content)) {
      if (typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && codeOrTime(field, value)))
        kept[field] = value;
    }
    summary[block] = kept;
  }
  return summary;
}

/** "support-bundle-<vehicle>-<time>.json", safe as a file name. */
export function supportBundleFileName(bundle: Pick<SupportBundle, 'vehicleId' | 'generatedAt'>): string {
  const id = bundle.vehicleId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return `support-bundle-${id}-${bundle.generatedAt.replace(/[:.]/g, '-')}.json`;
}
