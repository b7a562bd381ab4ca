import { describe, expect, it } from 'vitest';
import { createGenerationCache } from './generation-cache';

describe('generation cache', () => {
  it('answers from memory while the generation stands, and asks again once it moved', async () => {
    const cache = createGenerationCache<string>();
    let loads = 0;
    const load = async () => `role-${++loads}`;
    expect(await cache.get('u/demo', 1, load)).toBe('role-1');
    expect(await cache.get('u/demo', 1, load)).toBe('role-1');
    expect(await cache.get('u/demo', 2, load)).toBe('role-2');
    expect(loads).toBe(2);
  });

  it('keeps nothing without a generation (another process may write)', async () => {
    const cache = createGenerationCache<string>();
    let loads = 0;
    for (let i = 0; i < 3; i++) await cache.get('u/demo', undefined, async () => `x${++loads}`);
    expect(loads).toBe(3);
  });

  it('never keeps a refusal, so access granted later applies at once', async () => {
    const cache = createGenerationCache<string>();
    expect(await cache.get('u/demo', 1, async () => undefined)).toBeUndefined();
    expect(await cache.get('u/demo', 1, async () => 'manager')).toBe('manager');
  });

  it('does not serve a result that raced a write', async () => {
    const cache = createGenerationCache<string>();
    let generation = 1;
    // The load starts under generation 1; a write lands while it runs.
    await cache.get('u/demo', generation, async () => {
      generation = 2;
      return 'admin (before the write)';
    });
    expect(await cache.get('u/demo', generation, async () => 'support (after the write)')).toBe('support (after the write)');
  });

  it('stays bounded', async () => {
    const cache = createGenerationCache<number>(2);
    let loads = 0;
    for (const key of ['a', 'b', 'c', 'a']) await cache.get(key, 1, async () => ++loads);
    expect(loads).toBe(4);
  });
});
