// The one list of domains: every folder of lib/ that is not shared infrastructure. The lint
// (eslint.config.mjs) and lib/testing/boundaries.test.ts read it, so a new domain folder is
// covered the day it is created. CONTRIBUTING.md says what each infrastructure folder is for.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const INFRASTRUCTURE = [
  'auth',
  'bff',
  'contract',
  'crypto',
  'db',
  'errors',
  'format',
  'hooks',
  'jobs',
  'list',
  'ops',
  'query',
  'sandbox',
  'security',
  'startup',
  'testing',
  'validations',
  'vehicle-api',
];

export function domains(root = process.cwd()) {
  return readdirSync(path.join(root, 'lib'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !INFRASTRUCTURE.includes(entry.name))
    .map((entry) => entry.name)
    .sort();
}
