// The Vitest test files of the checkout, and which of them must run in a module graph of their own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TEST_FILE = /\.test\.tsx?$/;
const SKIPPED_DIRS = new Set(['node_modules', '.next', '.data', '.git', 'e2e', 'test-results', '.test-reports']);

/** Every `*.test.ts(x)` below `root`, relative to it with `/` separators. */
export function testFiles(root) {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(path.join(dir, entry.name));
      return TEST_FILE.test(entry.name) ? [path.join(dir, entry.name)] : [];
    });
  return walk(root).map((file) => path.relative(root, file).split(path.sep).join('/'));
}

/** What makes a test file an integration test: it opens a database or starts a process. */
const INTEGRATION =
  /lib\/db\/test(ing|-legs)|from '\.\/test(ing|-legs)'|openPglite|migrateDatabase|createTestDatabase|useTestDatabase|from 'postgres'|node:child_process/;

const read = (root, file) => readFileSync(path.join(root, file), 'utf8');

export function isIntegrationTest(root, file) {
  return INTEGRATION.test(read(root, file));
}

/**
 * A file that replaces a module (`vi.mock`), sets the environment or a global, or starts the
 * process's shutdown (`drain`) changes what every file after it in the same module graph would
 * import or read (`env()` is read once per process; the drain is for good).
 */
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|stubEnv|stubGlobal)\(|process\.env(\.\w+|\[[^\]]+\]) *=[^=]|delete process\.env|Object\.assign\(process\.env|\bdrain\(/;

/**
 * The test files that must have a module graph of their own: those of CHANGES_SHARED_STATE, and the
 * integration tests, whose databases, jobs and processes hold state in modules a later file would
 * find. The unit tests left share their worker's modules.
 */
export function testFilesNeedingIsolation(root) {
  return testFiles(root).filter((file) => {
    const source = read(root, file);
    return INTEGRATION.test(source) || CHANGES_SHARED_STATE.test(source);
  });
}
