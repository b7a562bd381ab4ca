import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testFilesNeedingIsolation } from './scripts/test-files.mjs';

const INCLUDE = ['**/*.test.ts', '**/*.test.tsx'];
const EXCLUDE = ['node_modules/**', '.next/**', 'e2e/**', '.data/**'];
/** A path as a glob that matches only it (route folders such as `[org]` are glob syntax). */
const literalGlob = (file: string) => file.replace(/[[\](){}*?!+@]/g, '\\$&');
const ISOLATED = testFilesNeedingIsolation(fileURLToPath(new URL('./', import.meta.url))).map(literalGlob);

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // `server-only` throws outside a React Server bundle; tests run server code directly.
      'server-only': fileURLToPath(new URL('./lib/testing/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Threads rather than processes, and a worker more than the two cores: the files wait on
    // databases and timers part of the time. The whole suite here: 5.9 min (592 s of CPU) against
    // 7.6 min (728 s) with a process per file and one worker per core.
    pool: 'threads',
    maxWorkers: 3,
    setupFiles: ['lib/testing/fast-password-hashing.ts'],
    // Log lines would bury the test report; lib/ops/log.test.ts sets its own level.
    env: { LOG_LEVEL: 'silent' },
    // Most files share their worker's modules (importing them again for each file was half of the
    // unit tests' time); a file that mocks a module or sets the environment or a global gets its own
    // (scripts/test-files.mjs says which).
    projects: [
      { extends: true, test: { name: 'shared', include: INCLUDE, exclude: [...EXCLUDE, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: EXCLUDE, isolate: true } },
    ],
  },
});
