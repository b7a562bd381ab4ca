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

/**
 * A file that replaces a module (`vi.mock`), or sets the environment or a global, changes what every
 * file after it in the same module graph would import or read (`env()` is read once per process).
 */
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|stubEnv|stubGlobal)\(|process\.env(\.\w+|\[[^\]]+\]) *=[^=]|delete process\.env|Object\.assign\(process\.env/;

/** The test files that must have a module graph of their own (see CHANGES_SHARED_STATE). */
export function testFilesNeedingIsolation(root) {
  return testFiles(root).filter((file) => CHANGES_SHARED_STATE.test(readFileSync(path.join(root, file), 'utf8')));
}
