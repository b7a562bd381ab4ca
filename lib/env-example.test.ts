import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema, parseEnv } from '@/lib/env';

const example = readFileSync(path.join(process.cwd(), '.env.example'), 'utf8');
/** `NAME=value` entries, commented or not, with the value before any trailing comment. */
const entries = new Map([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=(\S*)/gm)].map((match) => [match[1], match[2]] as const));

describe('.env.example', () => {
  it('lists every variable lib/env.ts reads, and no other', () => {
    expect([...entries.keys()].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('shows each default as lib/env.ts applies it', () => {
    const defaults = parseEnv({}) as Record<string, unknown>;
    for (const [name, value] of entries) {
      if (value === '' || name === 'APP_URL') continue;
      expect(String(defaults[name]), name).toBe(value);
    }
  });
});
