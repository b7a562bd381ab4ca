import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the unit tests keep a migrated PGlite folder to copy (lib/db/testing.test-support.ts), and
 * the e2e suite's second consoles start from it: a new PGlite folder costs its initdb (10-40 s here)
 * and the migrations, a copy about a second. Named by what it is made of, the migrations and the
 * PGlite version, so a template is never stale and checkouts with other migrations keep their own.
 */
let key: string | undefined;

export function pgliteTemplateKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  const folder = path.join(process.cwd(), 'lib', 'db', 'migrations');
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(folder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  key = hash.digest('hex').slice(0, 16);
  return key;
}

export const pgliteTemplatesFolder = () => path.join(tmpdir(), 'motorpool-test-templates');

export const pgliteTemplatePath = () => path.join(pgliteTemplatesFolder(), `pglite-${pgliteTemplateKey()}`);

/** The migrated template of this checkout, when one has been made (by a unit test run). */
export function existingPgliteTemplate(): string | undefined {
  const template = pgliteTemplatePath();
  return existsSync(path.join(template, 'PG_VERSION')) ? template : undefined;
}
