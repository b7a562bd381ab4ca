import 'server-only';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is validated here; a bad value stops
 * start-up with a message naming the variable (see README "Configuration").
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

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

const booleanFromString = optionalString.pipe(
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
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
    VEHICLE_API_BASE_URL: optionalUrl,
    VEHICLE_API_CLIENT_ID: optionalString,
    VEHICLE_API_CLIENT_SECRET: optionalString,
    VEHICLE_API_TIMEOUT_MS: intFromString(100, 120_000, 15_000),
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
    LOG_UPSTREAM: booleanFromString,
    /** Enables /api/bench/* (a bare route the wrapper benchmark compares against). Never in production. */
    BENCH_ROUTES: booleanFromString,
    /** Days an invitation link stays valid. */
    INVITATION_TTL_DAYS: intFromString(1, 90, 7),
    /** Sends invitation links by mail (nodemailer), e.g. smtp://user:pass@host:587 or smtps://…; unset, the admin passes the link on. */
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
        .optional(),
    ),
    /** The From of invitation mails; required with SMTP_URL. */
    SMTP_FROM: optionalString,
    /** Absolute session lifetime, counted from sign-in; no renewal extends it. */
    SESSION_MAX_AGE_HOURS: intFromString(1, 720, 12),
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

/** True when no real upstream is configured and the embedded sandbox serves the API. */
export function usesEmbeddedSandbox(): boolean {
  return env().VEHICLE_API_BASE_URL === undefined;
}

export function appUrl(): string {
  const e = env();
  return e.APP_URL ?? `http://localhost:${e.PORT}`;
}
