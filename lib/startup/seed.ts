import 'server-only';
import { PUBLISHED_DEMO_PASSWORD } from '@/lib/auth/demo-exposure';
import { hashPassword } from '@/lib/crypto/password';
import { env, usesEmbeddedSandbox, type Env } from '@/lib/env';
import { getDbHandle, type Db, type DbKind } from '@/lib/db/index';
import { migrateDatabase } from '@/lib/db/migrate';
import { reconcileInterrupted } from '@/lib/db/repos/command-executions';
import { ensureMembership } from '@/lib/db/repos/memberships';
import {
  createOrganization,
  getOrganizationBySlug,
  getOrganizationCredentials,
  updateOrganizationCredentials,
} from '@/lib/db/repos/organizations';
import { pruneSignInAttempts } from '@/lib/db/repos/sign-in-attempts';
import { createUser, findUserByEmail, type PublicUser } from '@/lib/db/repos/users';
import type { Role } from '@/lib/db/schema';

export const DEMO_ORG_SLUG = 'demo';
export const DEMO_USERS: ReadonlyArray<{ email: string; role: Role }> = [
  { email: 'admin@demo.test', role: 'admin' },
  { email: 'manager@demo.test', role: 'manager' },
  { email: 'support@demo.test', role: 'support' },
];
/** A second sandbox organization, so the switcher and cross-organization isolation can be seen. */
export const SECOND_DEMO_ORG_SLUG = 'northwind';
/** The organization made from VEHICLE_API_* on first start. */
export const CONFIGURED_ORG = { slug: 'fleet', name: 'Fleet' } as const;

export interface SandboxOrganizationCredentials {
  id: string;
  name: string;
  clientId: string;
  clientSecret: string;
}

export interface SeedOptions {
  env?: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'VEHICLE_API_BASE_URL' | 'VEHICLE_API_CLIENT_ID' | 'VEHICLE_API_CLIENT_SECRET'>;
  /** Default: usesEmbeddedSandbox(). */
  embeddedSandbox?: boolean;
  /** Default: the embedded sandbox's demo organization (organizations[0]). */
  sandboxOrganization?: () => SandboxOrganizationCredentials | Promise<SandboxOrganizationCredentials>;
  /** Default with the default demo organization: organizations[1]; otherwise none. */
  secondSandboxOrganization?: () => SandboxOrganizationCredentials | Promise<SandboxOrganizationCredentials>;
}

export interface SeedResult {
  createdUsers: string[];
  createdOrganizations: string[];
}

/**
 * The demo users share the published demo password: it is hashed once per process (a hash
 * costs about a second at OWASP's scrypt parameters), and only when a user is missing.
 */
let demoPasswordHash: Promise<string> | undefined;
const hashDemoPassword = () => (demoPasswordHash ??= hashPassword(PUBLISHED_DEMO_PASSWORD));

async function ensureUserWithPassword(db: Db, email: string, passwordHash: () => Promise<string>, result: SeedResult): Promise<PublicUser> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  try {
    const user = await createUser(db, { email, passwordHash: await passwordHash() });
    result.createdUsers.push(user.email);
    return user;
  } catch (error) {
    // Another instance seeding at the same moment created it.
    const raced = await findUserByEmail(db, email);
    if (raced) return raced;
    throw error;
  }
}

async function ensureOrganization(
  db: Db,
  input: { slug: string; name: string; apiBaseUrl: string | null; clientId: string; clientSecret: string },
  result: SeedResult,
) {
  const existing = await getOrganizationBySlug(db, input.slug);
  if (existing) return existing;
  try {
    const org = await createOrganization(db, input);
    result.createdOrganizations.push(org.slug);
    return org;
  } catch (error) {
    const raced = await getOrganizationBySlug(db, input.slug);
    if (raced) return raced;
    throw error;
  }
}

async function embeddedSandboxOrganization(index: number): Promise<SandboxOrganizationCredentials> {
  const { getEmbeddedSandbox } = await import('@/lib/sandbox');
  const organization = getEmbeddedSandbox().organizations[index];
  if (!organization) throw new Error(`The embedded sandbox has no organization ${index} to seed from`);
  return organization;
}

/**
 * Idempotent first-start data. Users and organizations are created when missing and never
 * overwritten: a password or credentials changed in the console survive restarts. The one
 * exception is the demo organization's credentials, re-synchronised with the embedded sandbox
 * (which regenerates them from its seed) as long as the organization still points at it.
 */
export async function ensureSeeded(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const e = options.env ?? env();
  const embedded = options.embeddedSandbox ?? usesEmbeddedSandbox();
  const result: SeedResult = { createdUsers: [], createdOrganizations: [] };

  const adminPassword = e.ADMIN_PASSWORD;
  const admin =
    e.ADMIN_EMAIL && adminPassword ? await ensureUserWithPassword(db, e.ADMIN_EMAIL, () => hashPassword(adminPassword), result) : undefined;

  if (!embedded && e.VEHICLE_API_BASE_URL && e.VEHICLE_API_CLIENT_ID && e.VEHICLE_API_CLIENT_SECRET) {
    const org = await ensureOrganization(
      db,
      {
        ...CONFIGURED_ORG,
        apiBaseUrl: e.VEHICLE_API_BASE_URL,
        clientId: e.VEHICLE_API_CLIENT_ID,
        clientSecret: e.VEHICLE_API_CLIENT_SECRET,
      },
      result,
    );
    if (admin) await ensureMembership(db, org.id, admin.id, 'admin');
  }

  if (embedded) {
    const sandbox = await (options.sandboxOrganization ?? (() => embeddedSandboxOrganization(0)))();
    const demo = await ensureOrganization(
      db,
      { slug: DEMO_ORG_SLUG, name: sandbox.name, apiBaseUrl: null, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
      result,
    );
    if (demo.apiBaseUrl === null) {
      const stored = await getOrganizationCredentials(db, demo.id).catch(() => undefined);
      if (stored?.clientId !== sandbox.clientId || stored.clientSecret !== sandbox.clientSecret) {
        await updateOrganizationCredentials(db, demo.id, {
          apiBaseUrl: null,
          clientId: sandbox.clientId,
          clientSecret: sandbox.clientSecret,
        });
      }
    }
    for (const { email, role } of DEMO_USERS) {
      const user = await ensureUserWithPassword(db, email, hashDemoPassword, result);
      await ensureMembership(db, demo.id, user.id, role);
    }
    // On the embedded sandbox the configured admin has no other organization to land on.
    if (admin) await ensureMembership(db, demo.id, admin.id, 'admin');

    const second = options.secondSandboxOrganization ?? (options.sandboxOrganization ? undefined : () => embeddedSandboxOrganization(1));
    if (second) {
      const credentials = await second();
      const org = await ensureOrganization(
        db,
        {
          slug: SECOND_DEMO_ORG_SLUG,
          name: credentials.name,
          apiBaseUrl: null,
          clientId: credentials.clientId,
          clientSecret: credentials.clientSecret,
        },
        result,
      );
      // Only the demo admin belongs to it: the manager and support users must see a 404 there.
      const demoAdmin = await findUserByEmail(db, DEMO_USERS[0].email);
      if (demoAdmin) await ensureMembership(db, org.id, demoAdmin.id, 'admin');
    }
  }
  return result;
}

/**
 * How old a REQUESTING record must be before start-up calls it interrupted. PGlite is one
 * process, so every such record is; on a shared PostgreSQL another instance may be mid-call,
 * so only records older than the longest upstream call (timeout plus a margin) count.
 */
export function interruptedCutoff(kind: DbKind, now = new Date(), timeoutMs = env().VEHICLE_API_TIMEOUT_MS): Date {
  return kind === 'pglite' ? now : new Date(now.getTime() - 2 * timeoutMs - 30_000);
}

export interface PrepareResult extends SeedResult {
  migrationsApplied: number;
  interruptedCommands: number;
}

type Prepared = { promise?: Promise<PrepareResult> };
const prepared = ((globalThis as { __motorpoolPrepared?: Prepared }).__motorpoolPrepared ??= {});

/** Migrate, reconcile commands interrupted by a crash, seed. Once per process; call at server start. */
export function prepareDatabase(options: SeedOptions = {}): Promise<PrepareResult> {
  prepared.promise ??= (async () => {
    const { db, kind } = getDbHandle();
    const { applied } = await migrateDatabase(db);
    const interruptedCommands = await reconcileInterrupted(db, { before: interruptedCutoff(kind) });
    const seeded = await ensureSeeded(db, options);
    await pruneSignInAttempts(db);
    return { migrationsApplied: applied, interruptedCommands, ...seeded };
  })();
  prepared.promise.catch(() => {
    prepared.promise = undefined;
  });
  return prepared.promise;
}
