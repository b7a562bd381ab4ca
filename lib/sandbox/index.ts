import 'server-only';
import { appUrl, env } from '@/lib/env';
import { Core, type CoreOptions } from './core';
import type { FaultSpec } from './faults';
import { createHandler } from './handler';
import type { AuditEntry, SandboxFixtures } from './model';
import { type SandboxProfile, VENDOR_PAGE_TOKEN_TTL_MS } from './vendor-profile';
import { pumpTelemetry } from './device-events';
import { WebhookSender } from './webhooks';

export type { FaultSpec } from './faults';
export type { SandboxFixtures, AuditEntry } from './model';
export type { SandboxProfile } from './vendor-profile';

export interface SandboxOptions {
  /** Deterministic data from this seed (default 42). */
  seed?: number;
  /** Default 3. */
  organizations?: number;
  /** Default 240, up to 10,000; at least 10 (the fixtures). */
  vehiclesPerOrg?: number;
  /** `expires_in`, default 3600. */
  tokenTtlSeconds?: number;
  /** PENDING -> terminal after this, default 2500. */
  commandDelayMs?: number;
  /** Share of commands failing with a random realistic OEM reason, default 0. */
  commandFaultRate?: number;
  /** DEVICE_LIMIT_REACHED past this many vehicles per organization, default 10,000. */
  deviceLimit?: number;
  /** Injectable clock (epoch ms); state moves are computed from timestamps on read. */
  now?: () => number;
  /** Prefix the handler is mounted under, e.g. '/sandbox'; default ''. */
  basePath?: string;
  /** Absolute URL of the handler's root as a browser sees it, for consent links. */
  publicBaseUrl?: string;
  /** The shapes it writes: `contract` (default, the contract's superset) or `vendor` (the published ones). */
  profile?: SandboxProfile;
  /** Vendor profile: page tokens older than this answer QUERY_PAGE_TOKEN_EXPIRED (default 15 minutes). */
  pageTokenTtlMs?: number;
  /** How webhook deliveries are posted (default: the global fetch). */
  webhookFetch?: typeof fetch;
  /**
   * How often the fleet is checked for changed telemetry to push as `device.telemetry` events to
   * organizations with a webhook target (default 0: never; the embedded sandbox and `npm run
   * sandbox` check every 30 s).
   */
  telemetryEventsMs?: number;
}

export interface SandboxOrganization {
  id: string;
  name: string;
  clientId: string;
  clientSecret: string;
}

export interface Sandbox {
  handle(request: Request): Promise<Response>;
  /** Where the sandbox is mounted ('' at the root); paths are read with `sandboxPath` from ./path. */
  readonly basePath: string;
  /** In-process transport: use it as the client's fetch. */
  fetch: typeof fetch;
  /** organizations[0] is the demo organization. */
  organizations: SandboxOrganization[];
  /** `inject` answers the fault's id, which `remove` takes back alone. */
  faults: { inject(f: FaultSpec): string; remove(id: string): boolean; clear(): void };
  /** All issued access and refresh tokens (of one organization, or all) become invalid. */
  revokeTokens(organizationId?: string): void;
  fixtures(organizationId: string): SandboxFixtures;
  /** Back to the freshly seeded state (tokens, faults and clock offset included). */
  reset(): void;
  /** Listening changes recorded (sandbox extension, for tests and the admin API). */
  auditLog(organizationId?: string): AuditEntry[];
  /** API requests received (faulted ones included) and the command executions created, with how many repeat an earlier one. */
  stats(organizationId?: string): SandboxStats;
  /** Moves the sandbox's clock forward (as POST /_admin/advance-clock). */
  advanceClock(ms: number): void;
  /** The webhook sender: targets per organization (the vendor portal's setting), faults, deliveries made. */
  webhooks: Pick<
    WebhookSender,
    'configure' | 'hasTarget' | 'injectFault' | 'removeFault' | 'clearFaults' | 'idle' | 'deliveries' | 'sendNow'
  >;
}

export interface SandboxStats {
  apiRequests: number;
  commands: {
    created: number;
    repeated: number;
    executions: { id: string; vehicleId: string; command: string; commandArguments: Record<string, unknown> }[];
  };
}

function coreOptions(options: SandboxOptions) {
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  if (basePath && !basePath.startsWith('/')) throw new Error('basePath must start with /');
  return {
    seed: options.seed ?? 42,
    organizations: options.organizations ?? 3,
    vehiclesPerOrg: Math.min(options.vehiclesPerOrg ?? 240, 10_000),
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    commandDelayMs: options.commandDelayMs ?? 2500,
    commandFaultRate: options.commandFaultRate ?? 0,
    deviceLimit: options.deviceLimit ?? 10_000,
    now: options.now ?? Date.now,
    basePath,
    publicBaseUrl: options.publicBaseUrl,
    profile: options.profile ?? 'contract',
    // The contract's tokens never expire; the vendor's do.
    pageTokenTtlMs: options.profile === 'vendor' ? (options.pageTokenTtlMs ?? VENDOR_PAGE_TOKEN_TTL_MS) : null,
  };
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const base = coreOptions(options);
  // Outside the core: targets are the portal's setting and outlive a reset; scheduled deliveries and faults do not.
  const webhooks: WebhookSender = new WebhookSender((): number => core.now(), options.webhookFetch);
  const resolved: CoreOptions = { ...base, webhooks };
  let core: Core = new Core(resolved);
  const reset = () => {
    webhooks.stop();
    webhooks.clearFaults();
    core = new Core(resolved);
  };
  const handle = createHandler(() => core, reset);
  if (options.telemetryEventsMs && options.telemetryEventsMs > 0) {
    const timer = setInterval(() => pumpTelemetry(core, { limitPerOrganization: TELEMETRY_EVENTS_PER_CHECK }), options.telemetryEventsMs);
    timer.unref?.();
  }
  const sandboxFetch = (async (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch;
  return {
    handle,
    basePath: resolved.basePath,
    fetch: sandboxFetch,
    get organizations() {
      return core.organizations.map((o) => ({ id: o.id, name: o.name, clientId: o.clientId, clientSecret: o.clientSecret }));
    },
    faults: {
      inject: (spec) => core.faults.inject(spec),
      remove: (id) => core.faults.remove(id),
      clear: () => core.faults.clear(),
    },
    revokeTokens: (organizationId) => core.tokens.revoke(organizationId),
    fixtures: (organizationId) => structuredClone(core.organization(organizationId).fixtures),
    reset,
    stats: (organizationId) => ({ apiRequests: core.apiRequests, commands: core.commandStats(organizationId) }),
    advanceClock: (ms) => {
      core.clockOffsetMs += ms;
    },
    webhooks,
    auditLog: (organizationId) =>
      (organizationId ? core.organization(organizationId).audit : core.organizations.flatMap((o) => o.audit)).map((e) => ({ ...e })),
  };
}

/** At most this many telemetry events per organization per check: a modest rate, whatever the fleet does. */
const TELEMETRY_EVENTS_PER_CHECK = 5;
/** The embedded sandbox's and `npm run sandbox`'s check for changed telemetry. */
const TELEMETRY_EVENTS_MS = 30_000;

const GLOBAL_KEY = Symbol.for('motorpool.embeddedSandbox');

/** The sandbox's settings from the SANDBOX_* variables, for the embedded one and `npm run sandbox`. */
export function sandboxOptionsFromEnv() {
  const e = env();
  return {
    seed: e.SANDBOX_SEED,
    vehiclesPerOrg: e.SANDBOX_VEHICLES_PER_ORG,
    commandDelayMs: e.SANDBOX_COMMAND_DELAY_MS,
    tokenTtlSeconds: e.SANDBOX_TOKEN_TTL_SECONDS,
    commandFaultRate: e.SANDBOX_FAULT_RATE,
    profile: e.SANDBOX_PROFILE,
    telemetryEventsMs: TELEMETRY_EVENTS_MS,
  };
}

/** One per process (on globalThis so every Next route bundle shares it), configured from env(). */
export function getEmbeddedSandbox(): Sandbox {
  const store = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Sandbox };
  if (!store[GLOBAL_KEY]) {
    store[GLOBAL_KEY] = createSandbox({ ...sandboxOptionsFromEnv(), basePath: '/sandbox', publicBaseUrl: `${appUrl()}/sandbox` });
  }
  return store[GLOBAL_KEY];
}
