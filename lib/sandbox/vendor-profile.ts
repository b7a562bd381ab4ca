import 'server-only';
import { toVendorMake } from '@/lib/contract/makes';

/**
 * `SANDBOX_PROFILE=vendor`: the sandbox writes what the vendor's published OpenAPI describes rather
 * than the contract's superset (contract-gaps.md, "From the vendor's published OpenAPI"). The
 * routes write the contract's shapes; this module turns a finished JSON answer into the vendor's.
 */
export type SandboxProfile = 'contract' | 'vendor';

/** The 13 command creation paths the vendor publishes; the other eight answer a framework 404. */
export const PUBLISHED_COMMAND_SEGMENTS: ReadonlySet<string> = new Set([
  'actuate-front-trunk',
  'actuate-rear-trunk',
  'climate-off',
  'climate-on',
  'close-charge-port',
  'lock-doors',
  'open-charge-port',
  'set-charge-limit',
  'set-temperature',
  'start-charging',
  'start-hvac-system',
  'stop-charging',
  'unlock-doors',
]);

/** How long a page token lives on the vendor profile: the vendor's expire, it publishes no figure. */
export const VENDOR_PAGE_TOKEN_TTL_MS = 15 * 60_000;

/** A framework's 404 for a path the service does not have at all, not the contract's error body. */
export function frameworkNotFound(): Response {
  return new Response(JSON.stringify({ detail: 'Not Found' }), { status: 404, headers: { 'content-type': 'application/json' } });
}

/** The segment of a command creation path the vendor does not publish, or null. */
export function unpublishedCommand(method: string, path: string): string | null {
  if (method !== 'POST') return null;
  const match = /^\/v1\/vehicles\/[^/]+\/command-execution:([a-z-]+)$/.exec(path);
  return match && !PUBLISHED_COMMAND_SEGMENTS.has(match[1]) ? match[1] : null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const upperMake = (make: unknown) => (typeof make === 'string' ? (toVendorMake(make) ?? make.toUpperCase()) : make);
const decimalString = (value: unknown) => (typeof value === 'number' ? value.toFixed(1) : value);
const dateOnly = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : value);

function vendorMetadata(metadata: unknown): unknown {
  return isObject(metadata) ? { ...metadata, registrationDate: dateOnly(metadata.registrationDate) } : metadata;
}

/** A vehicle record: upper-case make, no registration country, the registration date a date. */
function vendorVehicle(vehicle: unknown): unknown {
  if (!isObject(vehicle)) return vehicle;
  const { registrationCountry: _withdrawn, ...rest } = vehicle;
  void _withdrawn;
  return { ...rest, make: upperMake(rest.make), metadata: vendorMetadata(rest.metadata) };
}

/** Both fields optional: an empty page leaves `results` out. */
function vendorNumberedResults(body: Json): Json {
  const results = Array.isArray(body.results) ? body.results.map((r) => (isObject(r) ? { ...r, make: upperMake(r.make) } : r)) : [];
  const { results: _all, ...rest } = body;
  void _all;
  return results.length ? { ...rest, results } : rest;
}

/** An object with one array the vendor leaves out when empty (`{}` means none). */
function withoutEmpty(body: Json, key: string): Json {
  if (Array.isArray(body[key]) && (body[key] as unknown[]).length === 0) {
    const { [key]: _empty, ...rest } = body;
    void _empty;
    return rest;
  }
  return body;
}

/** The contract sandbox's service words, as the vendor's published enumerations. */
const SERVICE_TYPES: Record<string, string> = { BRAKE_FLUID_CHANGE: 'HEALTH_CHECK', STATUTORY_INSPECTION: 'STATUTORY' };
const SERVICE_STATUSES: Record<string, string> = { DUE: 'PENDING' };

function vendorServices(body: Json): Json {
  if (!Array.isArray(body.services)) return body;
  return {
    ...body,
    services: body.services.map((s) =>
      isObject(s)
        ? {
            ...s,
            type: typeof s.type === 'string' ? (SERVICE_TYPES[s.type] ?? s.type) : s.type,
            status: typeof s.status === 'string' ? (SERVICE_STATUSES[s.status] ?? s.status) : s.status,
          }
        : s,
    ),
  };
}

/** What a list filter sees of a vehicle on the vendor profile: the fields as the vendor writes them. */
export function vendorFilterView(view: Record<string, unknown>): Record<string, unknown> {
  return new Proxy(view, {
    get(target, key) {
      if (key === 'make') return upperMake(target.make);
      if (key === 'registrationCountry') return undefined;
      if (key === 'metadata') return vendorMetadata(target.metadata);
      return target[key as string];
    },
  });
}

/**
 * A platform alert as the vendor's schema writes it: the definition's category an object, a
 * message, `alertDefinitionId` and `metadata`; each resolution and step with its own id, status
 * and `definition` (a step's text and order inside it, not beside it).
 */
function vendorPlatformAlert(alert: unknown): unknown {
  if (!isObject(alert) || !isObject(alert.definition)) return alert;
  const definition = alert.definition;
  const category = typeof definition.category === 'string' ? definition.category : 'OTHER';
  const done = alert.status === 'RESOLVED' ? 'COMPLETED' : 'PENDING';
  const resolutions = Array.isArray(alert.resolutions) ? alert.resolutions.filter(isObject) : [];
  return {
    id: alert.id,
    status: alert.status,
    alertDefinitionId: definition.id,
    vehicleId: alert.vehicleId,
    muted: alert.muted,
    createdAt: alert.createdAt,
    currentSeverity: alert.currentSeverity,
    resolutions: resolutions.map((resolution) => ({
      id: resolution.id,
      definition: { id: `${resolution.id}_def`, name: resolution.title, description: resolution.title },
      status: done,
      steps: (Array.isArray(resolution.steps) ? resolution.steps.filter(isObject) : []).map((step) => ({
        id: `${resolution.id}_${step.order}`,
        status: done,
        definition: { id: `${resolution.id}_step_${step.order}`, description: step.description, order: step.order },
      })),
    })),
    definition: {
      id: definition.id,
      name: definition.name,
      description: definition.description,
      message: definition.description,
      category: { id: category.toLowerCase(), name: category, description: null },
    },
    metadata: { createdAt: alert.createdAt, updatedAt: alert.updatedAt ?? alert.createdAt },
  };
}

const VEHICLE_PATH = /^\/v1\/vehicles\/[^/]+$/;
const SUB = (tail: string) => new RegExp(`^/v1/vehicles/[^/]+/${tail}$`);

/** The vendor's shape of one successful JSON answer of the contract's sandbox. */
export function toVendorShape(method: string, path: string, body: unknown): unknown {
  if (path === '/v1/rate-limits' && Array.isArray(body)) {
    return body.map((entry) =>
      isObject(entry) && typeof entry.key === 'string'
        ? { ...entry, key: entry.key.replace(/^OEM_ENERGY_API_/, 'BMW_ENERGY_API_') }
        : entry,
    );
  }
  if (!isObject(body)) return body;
  if (method === 'GET' && path === '/v1/vehicles' && Array.isArray(body.results))
    return { ...body, results: body.results.map(vendorVehicle) };
  if (VEHICLE_PATH.test(path) || SUB('registration-plate').test(path)) return vendorVehicle(body);
  if (SUB('telemetry').test(path)) return { ...body, metadata: vendorMetadata(body.metadata) };
  if (SUB('specifications').test(path))
    return {
      ...body,
      make: upperMake(body.make),
      standardEvr: decimalString(body.standardEvr),
      allElectricRange: decimalString(body.allElectricRange),
    };
  if (/^\/v1\/vehicles\/(eligibility|connect)\/[^/]+\/results$/.test(path)) return vendorNumberedResults(body);
  if (SUB('maintenance/tires/historic').test(path)) return withoutEmpty(body, 'tires');
  if (SUB('maintenance/manufacturer-alerts/current').test(path)) return withoutEmpty(body, 'alerts');
  if (SUB('maintenance/services').test(path)) return vendorServices(body);
  if (method === 'GET' && SUB('alerts').test(path))
    return withoutEmpty(Array.isArray(body.results) ? { ...body, results: body.results.map(vendorPlatformAlert) } : body, 'results');
  return body;
}

/** Rewrites a finished answer of the contract's sandbox as the vendor would write it. */
export async function vendorResponse(method: string, path: string, response: Response): Promise<Response> {
  if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.text();
  if (!text) return new Response(text, { status: response.status, headers: response.headers });
  const shaped = toVendorShape(method, path, JSON.parse(text));
  return new Response(JSON.stringify(shaped), { status: response.status, headers: response.headers });
}
