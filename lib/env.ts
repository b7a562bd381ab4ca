import 'server-only';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is validated here; a bad value stops
 * start-up with a message naming the variable (see docs/configuration.md).
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Comma-separated host names, lower case, without a trailing dot. */
const hostList = optionalString.transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  const hosts = raw
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);
  const bad = hosts.find(
    (h) => !/^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/.test(h) && !/^\[[0-9a-f:.]+\]$/.test(h),
  );
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `"${bad}" is not a host name (list host names only, without scheme, port or path)` });
    return z.NEVER;
  }
  return hosts;
});

const optionalUrl = optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional());

function numberFromString(options: { min: number; max: number; fallback: number; integer: boolean }) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim();
      if (text === undefined || text === '') return options.fallback;
      const value = Number(text);
      const kind = options.integer ? 'a whole number' : 'a number';
      if (!Number.isFinite(value) || (options.integer && !Number.isInteger(value))) {
        ctx.addIssue({ code: 'custom', message: `must be ${kind}` });
        return z.NEVER;
      }
      if (value < options.min || value > options.max) {
        ctx.addIssue({ code: 'custom', message: `must be ${kind} from ${options.min} to ${options.max}` });
        return z.NEVER;
      }
      return value;
    });
}

const intFromString = (min: number, max: number, fallback: number) => numberFromString({ min, max, fallback, integer: true });

/** `id:base64key` entries, comma-separated, newest first; each key exactly 32 bytes. */
const encryptionKeys = optionalString.transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  const keys: { id: string; key: string }[] = [];
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    const key = colon > 0 ? entry.slice(colon + 1).trim() : '';
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) {
      ctx.addIssue({ code: 'custom', message: 'each entry must be id:base64key, the id of letters, digits, - or _ (at most 32)' });
      return z.NEVER;
    }
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(key) || Buffer.from(key, 'base64').length !== 32) {
      ctx.addIssue({ code: 'custom', message: `the key "${id}" must be 32 bytes in base64 (openssl rand -base64 32)` });
      return z.NEVER;
    }
    if (keys.some((k) => k.id === id)) {
      ctx.addIssue({ code: 'custom', message: `the key id "${id}" appears twice` });
      return z.NEVER;
    }
    keys.push({ id, key });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'must list at least one id:base64key entry' });
    return z.NEVER;
  }
  return keys;
});

const booleanFromString = optionalString.pipe(
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
);

const booleanDefaultTrue = optionalString.pipe(
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === undefined || v === 'true' || v === '1'),
);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).optional().default('development'),
    PORT: intFromString(1, 65_535, 3000),
    /** Public origin of the console, used for the consent return URL. Default http://localhost:PORT. */
    APP_URL: optionalUrl,
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
        .optional(),
    ),
    /** Folder of the embedded database and the generated local secret. */
    DATA_DIR: optionalString.default('.data'),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
    /** Key ring of the secret box (`id:base64key,...`, newest first). Unset: one key derived from the auth secret. */
    ENCRYPTION_KEYS: encryptionKeys,
    VEHICLE_API_BASE_URL: optionalUrl,
    VEHICLE_API_CLIENT_ID: optionalString,
    VEHICLE_API_CLIENT_SECRET: optionalString,
    VEHICLE_API_TIMEOUT_MS: intFromString(100, 120_000, 15_000),
    /** One upstream call in total (token request and retries included); below the load balancer's idle cut. */
    VEHICLE_API_DEADLINE_MS: intFromString(1_000, 120_000, 20_000),
    /**
     * On PostgreSQL: a vehicle section read (telemetry, battery, ...) another instance made this
     * recently answers instead of a new upstream call; one instance calls while the others wait.
     * 0 turns the sharing off. A person's "Refresh" always asks the upstream.
     */
    VEHICLE_SHARED_READ_MS: intFromString(0, 60_000, 10_000),
    /**
     * Hosts an organization's custom base URL may name (comma-separated host names). Unset: the
     * host of VEHICLE_API_BASE_URL, or none with the embedded sandbox (no custom base URL).
     */
    VEHICLE_API_ALLOWED_HOSTS: hostList,
    /**
     * Hosts an outbound webhook endpoint may name although they resolve to a private, loopback or
     * link-local address (and over plain http): the operator's own receivers. Unset: none.
     */
    WEBHOOK_ALLOWED_HOSTS: hostList,
    ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, { message: 'must be at least 12 characters' }).optional()),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    SANDBOX_PORT: intFromString(1, 65_535, 4010),
    SANDBOX_SEED: intFromString(0, 2 ** 31 - 1, 42),
    SANDBOX_VEHICLES_PER_ORG: intFromString(1, 10_000, 240),
    SANDBOX_COMMAND_DELAY_MS: intFromString(0, 600_000, 2_500),
    SANDBOX_TOKEN_TTL_SECONDS: intFromString(1, 86_400, 3600),
    /** Unlocks /sandbox/_admin on the console's mount (tests use it); unset, those routes answer 404. */
    SANDBOX_ADMIN_TOKEN: optionalString.pipe(z.string().min(16, { message: 'must be at least 16 characters' }).optional()),
    SANDBOX_FAULT_RATE: numberFromString({ min: 0, max: 1, fallback: 0, integer: false }),
    /**
     * Which shapes the sandbox writes: `contract` (the contract's superset, all 21 commands) or
     * `vendor` (the vendor's published shapes: arrays left out, decimal strings, upper-case makes,
     * brand rate-limit keys, expiring page tokens, only the 13 published command paths).
     */
    SANDBOX_PROFILE: optionalString.pipe(z.enum(['contract', 'vendor'], { message: 'must be contract or vendor' }).default('contract')),
    LOG_UPSTREAM: booleanFromString,
    /**
     * false: this process serves requests only and runs no background job (settling, snapshot,
     * bulk jobs, events). For web-only instances beside one that runs them on PostgreSQL, and for
     * the wrapper benchmark, whose per-request CPU must not count the jobs' work.
     */
    BACKGROUND_JOBS: booleanDefaultTrue,
    /** Proxies in front of the console whose X-Forwarded-* headers are believed; 0: only the TCP peer. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Sign-in throttling counts an IPv6 address by this many leading bits (one subscriber's /64). */
    SIGN_IN_IPV6_PREFIX: intFromString(32, 128, 64),
    /**
     * Enables /api/bench/* (a bare route the wrapper benchmark compares against). Refused when
     * NODE_ENV=production: the benchmark starts the production build with NODE_ENV=test.
     */
    BENCH_ROUTES: booleanFromString,
    /**
     * The demo (no VEHICLE_API_BASE_URL) and the published demo password are refused on an address
     * the network can reach unless this is true (lib/auth/demo-exposure.ts).
     */
    DEMO_PUBLIC: booleanFromString,
    /** The address the standalone server binds (server.js reads it; unset: 0.0.0.0). */
    HOSTNAME: optionalString,
    /** Days an invitation link stays valid. */
    INVITATION_TTL_DAYS: intFromString(1, 90, 7),
    /** Live update streams (one per open console tab) one person may hold on one instance; past it, 429 and the tab polls. */
    LIVE_STREAMS_PER_PERSON: intFromString(1, 1_000, 10),
    /** Live update streams one instance holds at most; past it, 429 and the tab polls. */
    LIVE_STREAMS_PER_INSTANCE: intFromString(1, 100_000, 2_000),
    /** Minutes without a webhook event, while vehicles listen, before the overview says events stopped. */
    EVENTS_SILENCE_MINUTES: intFromString(1, 1440, 15),
    /** Sends invitation and password-reset links by mail (nodemailer), e.g. smtp://user:pass@host:587 or smtps://…; unset, the admin passes invitation links on and only the operator resets passwords. */
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
        .optional(),
    ),
    /** The From of invitation and password-reset mails; required with SMTP_URL. */
    SMTP_FROM: optionalString,
    /** A MapLibre style for the fleet map (tiles from a server); unset, the packaged country outlines work offline. */
    MAP_STYLE_URL: optionalUrl,
    /** The fleet snapshot reads each listening vehicle's telemetry at most this often (minutes). */
    SNAPSHOT_INTERVAL_MINUTES: intFromString(1, 1_440, 15),
    /**
     * The share of each vehicle's COMMANDS_AND_FETCH_STATE budget (from /v1/rate-limits) the
     * snapshot may spend: it slows a vehicle's refresh below SNAPSHOT_INTERVAL_MINUTES when needed.
     */
    SNAPSHOT_BUDGET_SHARE: numberFromString({ min: 0.01, max: 1, fallback: 0.25, integer: false }),
    /** Months of fleet history (journeys, charging sessions, daily readings) kept; older rows are pruned daily. */
    HISTORY_RETENTION_MONTHS: intFromString(1, 120, 13),
    /**
     * The share of each vehicle's COMMANDS_AND_FETCH_STATE budget the history gathering may spend
     * (on top of SNAPSHOT_BUDGET_SHARE): a backfill that needs more goes on in the next window.
     */
    HISTORY_BUDGET_SHARE: numberFromString({ min: 0.005, max: 1, fallback: 0.05, integer: false }),
    /** A vehicle's journeys and charging sessions are asked for what is new at most this often (hours). */
    HISTORY_GATHER_INTERVAL_HOURS: intFromString(1, 168, 24),
    /** How far back a vehicle's history is first gathered (days; at most the retention). */
    HISTORY_BACKFILL_DAYS: intFromString(1, 3_660, 90),
    /** Days an outbound webhook delivery that succeeded or gave up (and its attempts) stays in the endpoint's log; the hourly prune deletes older ones. */
    WEBHOOK_DELIVERY_RETENTION_DAYS: intFromString(1, 3_650, 30),
    /** Hours after an endpoint's signing-secret rotation during which deliveries are signed with the previous secret too (0: none). */
    WEBHOOK_SECRET_OVERLAP_HOURS: intFromString(0, 720, 24),
    /** Absolute session lifetime, counted from sign-in; no renewal extends it. */
    SESSION_MAX_AGE_HOURS: intFromString(1, 720, 12),
    /** The commit this build was made from, shown by /api/health (set by the deployment). */
    GIT_COMMIT: optionalString,
    /** On SIGTERM, how long requests in flight may take to finish before the process closes the database and exits. */
    SHUTDOWN_TIMEOUT_MS: intFromString(0, 600_000, 10_000),
    /**
     * Set by the launch scripts (npm start, npm run serve, the e2e server, the Dockerfile): Next
     * leaves SIGTERM and SIGINT to the console, which drains (lib/ops/drain.ts) and exits 0.
     */
    NEXT_MANUAL_SIG_HANDLE: booleanFromString,
    /** pino level of the server's log lines (one per BFF request at info, one per upstream call at debug). */
    LOG_LEVEL: optionalString.pipe(
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          message: 'must be one of fatal, error, warn, info, debug, trace, silent',
        })
        .default('info'),
    ),
    /**
     * Where OpenTelemetry traces go (OTLP over HTTP, e.g. http://collector:4318); unset, no tracing.
     * The exporter also reads the other OTEL_EXPORTER_OTLP_* variables (protocol, headers) itself.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    /** Opens /api/metrics (Prometheus) to requests carrying it as a Bearer token; unset, the route answers 404. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, { message: 'must be at least 16 characters' }).optional()),
  })
  .superRefine((env, ctx) => {
    const usesRealUpstream = env.VEHICLE_API_BASE_URL !== undefined;
    if (usesRealUpstream && (!env.VEHICLE_API_CLIENT_ID || !env.VEHICLE_API_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VEHICLE_API_CLIENT_ID ? 'VEHICLE_API_CLIENT_SECRET' : 'VEHICLE_API_CLIENT_ID'],
        message: 'is required when VEHICLE_API_BASE_URL is set',
      });
    }
    if (usesRealUpstream && env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production against a real upstream' });
    }
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      // Each instance would otherwise generate its own secret: sessions and stored secrets would not carry over.
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required when DATABASE_URL is set (every instance must share it)',
      });
    }
    if (env.BENCH_ROUTES && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['BENCH_ROUTES'],
        message: 'must not be set in production (it opens unauthenticated benchmark routes)',
      });
    }
    if (env.SMTP_URL && !env.SMTP_FROM) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_FROM'], message: 'is required when SMTP_URL is set' });
    }
    if ((env.OIDC_ISSUER || env.OIDC_CLIENT_ID) && !(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export function formatEnvError(error: z.ZodError): string {
  const lines = error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  return `Invalid environment configuration:\n${lines.join('\n')}`;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) throw new Error(formatEnvError(result.error));
  return result.data;
}

/** What is wrong with this process's environment, in words, or undefined when nothing is. */
export function environmentProblems(): string | undefined {
  const result = envSchema.safeParse(process.env);
  return result.success ? undefined : formatEnvError(result.error);
}

let cached: Env | undefined;

/** Validated environment, read once per process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The hosts an organization's custom base URL may name (see VEHICLE_API_ALLOWED_HOSTS). */
export function allowedUpstreamHosts(): string[] {
  const e = env();
  if (e.VEHICLE_API_ALLOWED_HOSTS) return e.VEHICLE_API_ALLOWED_HOSTS;
  return e.VEHICLE_API_BASE_URL ? [new URL(e.VEHICLE_API_BASE_URL).hostname.toLowerCase()] : [];
}

/** True when no real upstream is configured and the embedded sandbox serves the API. */
export function usesEmbeddedSandbox(): boolean {
  return env().VEHICLE_API_BASE_URL === undefined;
}

export function appUrl(): string {
  const e = env();
  return e.APP_URL ?? `http://localhost:${e.PORT}`;
}

/** The public origin is https: the `__Host-` session cookie only, and HSTS. */
export function publicOriginIsHttps(): boolean {
  return appUrl().startsWith('https://');
}
