import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const k32 = Buffer.alloc(32, 7).toString('base64');

describe('ENCRYPTION_KEYS', () => {
  it('is unset by default and parses id:base64key entries, newest first', () => {
    expect(parseEnv({}).ENCRYPTION_KEYS).toBeUndefined();
    expect(parseEnv({ ENCRYPTION_KEYS: ` new:${k32} , old:${Buffer.alloc(32, 1).toString('base64')}` }).ENCRYPTION_KEYS?.map((k) => k.id)).toEqual(['new', 'old']);
  });

  it.each([
    [`${k32}`, 'ENCRYPTION_KEYS: each entry must be id:base64key'],
    [`a b:${k32}`, 'ENCRYPTION_KEYS: each entry must be id:base64key'],
    [`k1:${Buffer.alloc(16).toString('base64')}`, 'ENCRYPTION_KEYS: the key "k1" must be 32 bytes'],
    [`k1:not base64!`, 'ENCRYPTION_KEYS: the key "k1" must be 32 bytes'],
    [`k1:${k32},k1:${k32}`, 'ENCRYPTION_KEYS: the key id "k1" appears twice'],
    [',', 'ENCRYPTION_KEYS: must list at least one'],
  ])('refuses %s', (value, message) => {
    expect(() => parseEnv({ ENCRYPTION_KEYS: value })).toThrow(message);
  });
});
