import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateSecretFile } from './auth-secret';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('generated auth secret', () => {
  it('is created once with mode 0600 and reused after', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'motorpool-secret-'));
    dirs.push(dir);
    const file = path.join(dir, 'nested', 'auth-secret');
    const first = readOrCreateSecretFile(file);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecretFile(file)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });
});
