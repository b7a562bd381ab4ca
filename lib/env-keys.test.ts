import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

const k32 = Buffer.alloc(32, 7).toString('base64');

describe('ENCRYPTION_KEYS', () => {
  it('is unset by default and parses id:base64key entries, newest first', () => {
    expect(parseEnv({}).ENCRYPTION_KEYS).toBeUndefined();
    expect(
      parseEnv({ ENCRYPTION_KEYS: ` new:${k32} , old:${Buffer.alloc(32, 1).toString('base64')}` }).ENCRYPTION_KEYS?.map((k) => k.id),
    ).toEqual(['new', 'old']);
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

describe('TRUST_PROXY_HOPS', () => {
  it('defaults to 0 (only the TCP peer) and takes 0 to 10', () => {
    expect(parseEnv({}).TRUST_PROXY_HOPS).toBe(0);
    expect(parseEnv({ TRUST_PROXY_HOPS: '2' }).TRUST_PROXY_HOPS).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '11' })).toThrow('TRUST_PROXY_HOPS');
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '-1' })).toThrow('TRUST_PROXY_HOPS');
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '1.5' })).toThrow('TRUST_PROXY_HOPS');
  });
});

describe('VEHICLE_API_ALLOWED_HOSTS', () => {
  it('lists host names in lower case, without a trailing dot', () => {
    expect(parseEnv({}).VEHICLE_API_ALLOWED_HOSTS).toBeUndefined();
    expect(
      parseEnv({ VEHICLE_API_ALLOWED_HOSTS: ' API.Example.com., eu.api.example.com ,[2001:db8::1]' }).VEHICLE_API_ALLOWED_HOSTS,
    ).toEqual(['api.example.com', 'eu.api.example.com', '[2001:db8::1]']);
  });

  it.each(['https://api.example.com', 'api.example.com:443', 'api.example.com/v1', 'a b'])('refuses %s, naming the variable', (value) => {
    expect(() => parseEnv({ VEHICLE_API_ALLOWED_HOSTS: value })).toThrow('VEHICLE_API_ALLOWED_HOSTS: ');
  });
});

describe('VEHICLE_API_DEADLINE_MS', () => {
  it('defaults to 20 s and takes 1 s to 120 s', () => {
    expect(parseEnv({}).VEHICLE_API_DEADLINE_MS).toBe(20_000);
    expect(parseEnv({ VEHICLE_API_DEADLINE_MS: '25000' }).VEHICLE_API_DEADLINE_MS).toBe(25_000);
    expect(() => parseEnv({ VEHICLE_API_DEADLINE_MS: '500' })).toThrow('VEHICLE_API_DEADLINE_MS');
  });
});
