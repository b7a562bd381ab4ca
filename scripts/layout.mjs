// The one list of domains: every folder of lib/ that is not shared infrastructure. The lint
// (eslint.config.mjs) and lib/testing/boundaries.test.ts read it, so a new domain folder is
// covered the day it is created. CONTRIBUTING.md says what each infrastructure folder is for.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const INFRASTRUCTURE = [
  'auth',
  'bff',
  'charts',
  'contract',
  'crypto',
  'db',
  'errors',
  'format',
  'hooks',
  'jobs',
  'list',
  'ops',
  'org',
  'query',
  'sandbox',
  'security',
  'testing',
  'validations',
  'vehicle-api',
];

// Start-up wires every domain's jobs together: neither a domain nor infrastructure below them.
export const COMPOSITION = ['startup'];

export function domains(root = process.cwd()) {
  return readdirSync(path.join(root, 'lib'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !INFRASTRUCTURE.includes(entry.name) && !COMPOSITION.includes(entry.name))
    .map((entry) => entry.name)
    .sort();
}
