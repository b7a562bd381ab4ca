import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', '.test-reports/**', 'next-env.d.ts', 'lib/db/migrations/**']),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through lib/env.ts.' },
      ],
    },
  },
  {
    // The environment reader itself, start-up scripts and tool configs run before lib/env.ts can.
    files: ['lib/env.ts', 'scripts/**', '*.config.*', 'instrumentation.ts', 'e2e/**', 'bench/**', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
]);
