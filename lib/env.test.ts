import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

describe('parseEnv', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.VEHICLE_API_BASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe('.data');
    expect(env.SANDBOX_PORT).toBe(4010);
    expect(env.SANDBOX_PROFILE).toBe('contract');
    expect(parseEnv({ SANDBOX_PROFILE: 'vendor' }).SANDBOX_PROFILE).toBe('vendor');
    expect(env.LOG_UPSTREAM).toBe(false);
    expect(env.INVITATION_TTL_DAYS).toBe(7);
    expect(env.SESSION_MAX_AGE_HOURS).toBe(12);
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(env.GIT_COMMIT).toBeUndefined();
    expect(env.WEBHOOK_DELIVERY_RETENTION_DAYS).toBe(30);
    expect(env.WEBHOOK_SECRET_OVERLAP_HOURS).toBe(24);
    expect(parseEnv({ WEBHOOK_SECRET_OVERLAP_HOURS: '0' }).WEBHOOK_SECRET_OVERLAP_HOURS).toBe(0);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '  ' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a whole number'],
    [{ PORT: '70000' }, 'PORT: must be a whole number from 1 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET: must be at least 32 characters'],
    [{ VEHICLE_API_BASE_URL: 'not a url' }, 'VEHICLE_API_BASE_URL: must be an absolute URL'],
    [{ ADMIN_EMAIL: 'nobody' }, 'ADMIN_EMAIL: must be an email address'],
    [{ SANDBOX_FAULT_RATE: '2' }, 'SANDBOX_FAULT_RATE: must be a number from 0 to 1'],
    [{ SANDBOX_PROFILE: 'openapi' }, 'SANDBOX_PROFILE: must be contract or vendor'],
    [{ LOG_UPSTREAM: 'maybe' }, 'LOG_UPSTREAM: must be true or false'],
    [{ INVITATION_TTL_DAYS: '0' }, 'INVITATION_TTL_DAYS: must be a whole number from 1 to 90'],
    [{ SESSION_MAX_AGE_HOURS: '1.5' }, 'SESSION_MAX_AGE_HOURS: must be a whole number'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ SMTP_URL: 'smtp://mail.example:587' }, 'SMTP_FROM: is required when SMTP_URL is set'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN: must be at least 16 characters'],
    [{ WEBHOOK_DELIVERY_RETENTION_DAYS: '0' }, 'WEBHOOK_DELIVERY_RETENTION_DAYS: must be a whole number from 1 to 3650'],
    [{ WEBHOOK_DELIVERY_RETENTION_DAYS: 'month' }, 'WEBHOOK_DELIVERY_RETENTION_DAYS: must be a whole number'],
    [{ WEBHOOK_SECRET_OVERLAP_HOURS: '721' }, 'WEBHOOK_SECRET_OVERLAP_HOURS: must be a whole number from 0 to 720'],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, 'SHUTDOWN_TIMEOUT_MS: must be a whole number from 0 to 600000'],
  ])('names the variable and the problem for %o', (input, message) => {
    expect(() => parseEnv(input)).toThrow(message);
  });

  it('requires credentials with a real upstream', () => {
    expect(() => parseEnv({ VEHICLE_API_BASE_URL: 'https://api.example.com' })).toThrow(
      'VEHICLE_API_CLIENT_ID: is required when VEHICLE_API_BASE_URL is set',
    );
    expect(() => parseEnv({ VEHICLE_API_BASE_URL: 'https://api.example.com', VEHICLE_API_CLIENT_ID: 'id' })).toThrow(
      'VEHICLE_API_CLIENT_SECRET: is required',
    );
  });

  it('requires AUTH_SECRET in production against a real upstream', () => {
    const real = { VEHICLE_API_BASE_URL: 'https://api.example.com', VEHICLE_API_CLIENT_ID: 'id', VEHICLE_API_CLIENT_SECRET: 's' };
    expect(() => parseEnv({ ...real, NODE_ENV: 'production' })).toThrow('AUTH_SECRET: is required in production');
    expect(parseEnv({ ...real, NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).VEHICLE_API_CLIENT_ID).toBe('id');
  });

  it('reads TRUST_PROXY_HOPS as a small whole number, 0 by default', () => {
    expect(parseEnv({}).TRUST_PROXY_HOPS).toBe(0);
    expect(parseEnv({ TRUST_PROXY_HOPS: '2' }).TRUST_PROXY_HOPS).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '1.5' })).toThrow('TRUST_PROXY_HOPS');
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '-1' })).toThrow('TRUST_PROXY_HOPS');
    expect(() => parseEnv({ TRUST_PROXY_HOPS: 'many' })).toThrow('TRUST_PROXY_HOPS');
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '11' })).toThrow('TRUST_PROXY_HOPS');
  });

  // Issue 12, item 6: the demo boundary.
  it('keeps the demo on loopback unless DEMO_PUBLIC opts in', () => {
    expect(parseEnv({}).DEMO_PUBLIC).toBe(false);
    expect(parseEnv({ DEMO_PUBLIC: 'true' }).DEMO_PUBLIC).toBe(true);
    expect(() => parseEnv({ DEMO_PUBLIC: 'yes please' })).toThrow('DEMO_PUBLIC: must be true or false');
  });

  it('refuses BENCH_ROUTES in production, naming it', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', BENCH_ROUTES: 'true' })).toThrow('BENCH_ROUTES: ');
    expect(parseEnv({ NODE_ENV: 'production', BENCH_ROUTES: 'false' }).BENCH_ROUTES).toBe(false);
    // The wrapper benchmark marks its server as not production (NODE_ENV=test) to open the bare route.
    expect(parseEnv({ NODE_ENV: 'test', BENCH_ROUTES: 'true' }).BENCH_ROUTES).toBe(true);
  });

  it('requires AUTH_SECRET whenever DATABASE_URL is set: every instance must share it', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://db.example/motorpool' })).toThrow(
      'AUTH_SECRET: is required when DATABASE_URL is set',
    );
    expect(() => parseEnv({ DATABASE_URL: 'postgres://db.example/motorpool', NODE_ENV: 'production' })).toThrow('AUTH_SECRET');
    expect(parseEnv({ DATABASE_URL: 'postgres://db.example/motorpool', AUTH_SECRET: 'x'.repeat(32) }).DATABASE_URL).toBe(
      'postgres://db.example/motorpool',
    );
  });
});
