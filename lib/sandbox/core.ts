import 'server-only';
import type { WebhookSender } from './webhooks';
import { randomBytes } from 'node:crypto';
import { type Caller, TokenStore, authenticate, requireScope } from './auth';
import { settleExecutions } from './commands';
import { invalid, notFound } from './errors';
import { FaultInjector } from './faults';
import { seedOrganizations } from './fleet';
import type { ChargingSession, Journey } from './history';
import { type Organization, type Vehicle, isActive } from './model';
import { createRng, hashSeed, type Rng } from './random';
import type { SandboxProfile } from './vendor-profile';

export interface CoreOptions {
  seed: number;
  organizations: number;
  vehiclesPerOrg: number;
  tokenTtlSeconds: number;
  commandDelayMs: number;
  commandFaultRate: number;
  deviceLimit: number;
  now: () => number;
  basePath: string;
  publicBaseUrl?: string;
  profile: SandboxProfile;
  /** Null: page tokens never expire (the contract profile). */
  pageTokenTtlMs: number | null;
  webhooks: WebhookSender;
}

const sortedEntries = (value: Record<string, unknown>) => Object.entries(value).sort(([a], [b]) => a.localeCompare(b));

/** The mutable world of one sandbox; `reset()` builds a fresh one from the same options. */
export class Core {
  organizations: Organization[];
  readonly tokens = new TokenStore();
  readonly faults: FaultInjector;
  readonly rng: Rng;
  /** When the data was seeded: generated history ends here. */
  readonly seededAt: number;
  /** Added to the injected clock by POST /_admin/advance-clock. */
  clockOffsetMs = 0;
  /** API requests (`/v1/...`) received, faulted ones included: what a client cost the service. */
  apiRequests = 0;
  readonly journeys = new WeakMap<Vehicle, Journey[]>();
  readonly chargingSessions = new WeakMap<Vehicle, ChargingSession[]>();

  constructor(readonly options: CoreOptions) {
    this.seededAt = options.now();
    this.organizations = seedOrganizations(options.seed, options.organizations, options.vehiclesPerOrg, this.seededAt);
    this.rng = createRng(hashSeed(options.seed, 'runtime'));
    this.faults = new FaultInjector(createRng(hashSeed(options.seed, 'faults')));
  }

  now(): number {
    return this.options.now() + this.clockOffsetMs;
  }

  newId(prefix: string): string {
    return `${prefix}_${randomBytes(8).toString('hex')}`;
  }

  organization(id: string): Organization {
    const org = this.organizations.find((o) => o.id === id);
    if (!org) throw invalid(`Unknown organization ${id}`);
    return org;
  }

  authenticate(request: Request): Caller {
    return authenticate(request, { organizations: this.organizations, tokens: this.tokens, now: this.now() });
  }

  /** An active vehicle of the caller's organization, its pending commands brought up to date. */
  vehicle(caller: Caller, id: string, scope?: string): Vehicle {
    if (scope) requireScope(caller, scope);
    const vehicle = caller.organization.vehicleById.get(id);
    if (!vehicle || !isActive(vehicle)) throw notFound(`Vehicle ${id}`);
    settleExecutions(vehicle, this.now());
    return vehicle;
  }

  /**
   * Every command execution the service created for an organization, and how many of them repeat
   * an earlier one (same vehicle, command and arguments): a client that sends each intended
   * command once makes none.
   */
  commandStats(organizationId?: string) {
    const orgs = organizationId ? [this.organization(organizationId)] : this.organizations;
    const executions = orgs.flatMap((o) =>
      o.vehicles.flatMap((v) =>
        v.executions.map((e) => ({ id: e.id, vehicleId: e.vehicleId, command: e.command, commandArguments: e.commandArguments })),
      ),
    );
    const intents = new Set(executions.map((e) => JSON.stringify([e.vehicleId, e.command, sortedEntries(e.commandArguments)])));
    return { created: executions.length, repeated: executions.length - intents.size, executions };
  }

  /** What `readPageQuery` needs to issue and check page tokens that may expire. */
  pageClock(): { now: number; ttlMs: number | null } {
    return { now: this.now(), ttlMs: this.options.pageTokenTtlMs };
  }

  activeVehicles(org: Organization): Vehicle[] {
    return org.vehicles.filter(isActive);
  }

  publicBaseUrl(request: Request): string {
    if (this.options.publicBaseUrl) return this.options.publicBaseUrl.replace(/\/$/, '');
    return `${new URL(request.url).origin}${this.options.basePath}`;
  }
}
