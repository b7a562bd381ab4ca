import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';

let cached: string | undefined;

export function authSecretPath(dataDir = env().DATA_DIR): string {
  return path.resolve(process.cwd(), dataDir, 'auth-secret');
}

/**
 * Reads the generated secret, creating it first when missing. `wx` makes creation atomic:
 * of two processes starting together, one writes and both read the same value.
 */
export function readOrCreateSecretFile(file: string): string {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

/** AUTH_SECRET, or a secret generated once and kept in `${DATA_DIR}/auth-secret`. */
export function getAuthSecret(): string {
  cached ??= env().AUTH_SECRET ?? readOrCreateSecretFile(authSecretPath());
  return cached;
}
