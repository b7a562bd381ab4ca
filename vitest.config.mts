import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // `server-only` throws outside a React Server bundle; tests run server code directly.
      'server-only': fileURLToPath(new URL('./lib/testing/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.next/**', 'e2e/**', '.data/**'],
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
  },
});
