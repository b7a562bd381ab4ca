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
    pool: 'forks',
    setupFiles: ['lib/testing/fast-password-hashing.ts'],
    // Vitest's default leaves a core idle (one worker on two cores); the tests mostly wait on
    // databases and timers, so every core gets a worker: 3.7 min instead of 5.9 here.
    maxWorkers: '100%',
    // Log lines would bury the test report; lib/ops/log.test.ts sets its own level.
    env: { LOG_LEVEL: 'silent' },
  },
});
