import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('getAuthSecret', () => {
  it('prefers AUTH_SECRET', async () => {
    vi.resetModules();
    vi.stubEnv('AUTH_SECRET', 'configured-secret-configured-secret-xx');
    const { getAuthSecret } = await import('@/lib/crypto/auth-secret');
    expect(getAuthSecret()).toBe('configured-secret-configured-secret-xx');
  });

  it('without it, generates one under DATA_DIR and keeps it across processes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'motorpool-data-'));
    try {
      vi.resetModules();
      vi.stubEnv('AUTH_SECRET', '');
      vi.stubEnv('DATA_DIR', dir);
      const first = (await import('@/lib/crypto/auth-secret')).getAuthSecret();
      vi.resetModules();
      const second = (await import('@/lib/crypto/auth-secret')).getAuthSecret();
      expect(first).toMatch(/^[\w-]{43}$/);
      expect(second).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
