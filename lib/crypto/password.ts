import 'server-only';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1, 128 MiB per hash. */
export const SCRYPT_DEFAULTS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
let DEFAULTS = SCRYPT_DEFAULTS;

/**
 * The cost of new hashes in the unit tests (lib/testing/fast-password-hashing.ts): at OWASP's
 * cost each hash takes 0.4-1.2 s here, and the tests that sign in, invite and reset passwords made
 * hundreds. Refused outside Vitest, so no server can be configured into weaker hashes.
 */
export function setTestScryptCost(params: ScryptParams): void {
  // eslint-disable-next-line no-restricted-properties -- Vitest's own marker, not configuration.
  if (!process.env.VITEST) throw new Error('setTestScryptCost is for the unit tests only');
  DEFAULTS = params;
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Stored parameters are bounded so a tampered row cannot make verification allocate gigabytes.
const MAX_N = 2 ** 20;

export class PasswordHashingBusyError extends Error {
  constructor() {
    super('Too many password checks are waiting; try again in a moment');
    this.name = 'PasswordHashingBusyError';
  }
}

/**
 * At most HASH_CONCURRENCY scrypt runs at once (each takes 128 MiB and a libuv thread at the
 * defaults), and at most HASH_QUEUE waiting; beyond that a check fails at once with
 * PasswordHashingBusyError instead of piling up memory and latency. One owner (a sign-in's
 * address bucket) holds at most HASH_PER_OWNER of the running and waiting places, so one
 * address flooding the sign-in form cannot make everyone else's check busy.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 32;
export const HASH_PER_OWNER = 8;
let running = 0;
const waiting: Array<() => void> = [];
const held = new Map<string, number>();

async function withHashSlot<T>(work: () => Promise<T>, owner?: string): Promise<T> {
  if (owner !== undefined) {
    const count = held.get(owner) ?? 0;
    if (count >= HASH_PER_OWNER) throw new PasswordHashingBusyError();
    held.set(owner, count + 1);
  }
  try {
    if (running >= HASH_CONCURRENCY) {
      if (waiting.length >= HASH_QUEUE) throw new PasswordHashingBusyError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter (running stays the same), or free it.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  } finally {
    if (owner !== undefined) {
      const count = (held.get(owner) ?? 1) - 1;
      if (count === 0) held.delete(owner);
      else held.set(owner, count);
    }
  }
}

/** How many scrypt runs are in progress right now (tests). */
export function passwordHashesInProgress(): number {
  return running;
}

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions, owner?: string): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
    owner,
  );
}

/** scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below that from N=2^15. */
const maxmem = (N: number, r: number) => 128 * N * r * 2;

/** `scrypt$N$r$p$salt$hash`, salt and hash base64url. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULTS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const { N, r, p } = params;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || hash === undefined) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= MAX_N &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  if (!valid) return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** `owner`: whose check this is (a sign-in's address bucket), for the fair share of the queue. */
export async function verifyPassword(password: string, stored: string, owner?: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const { N, r, p, salt, hash } = parsed;
  const key = await scrypt(password, salt, hash.length, { N, r, p, maxmem: maxmem(N, r) }, owner);
  return timingSafeEqual(key, hash);
}

/** True when the stored hash used weaker parameters than today's defaults. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < DEFAULTS.N || parsed.r < DEFAULTS.r || parsed.p < DEFAULTS.p;
}

let dummy: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown email answers as slowly as a known one. */
export async function burnPasswordCheck(password: string, owner?: string): Promise<void> {
  dummy ??= hashPassword('motorpool-unknown-account');
  await verifyPassword(password, await dummy, owner);
}
