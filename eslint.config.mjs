import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { domains, INFRASTRUCTURE } from './scripts/layout.mjs';

// The domains are the folders of lib/ that are not shared infrastructure (scripts/layout.mjs).
const DOMAINS = domains(path.dirname(fileURLToPath(import.meta.url)));

// Which way dependencies point (CONTRIBUTING.md): app -> components -> lib; lib never imports
// components or app; the database layer knows nothing of sign-in or the BFF; the sandbox knows
// only the contract and the environment; browser code never imports server-only modules.
const ZONES = [
  { target: './lib', from: ['./components', './app'], message: 'lib/ never imports components/ or app/.' },
  {
    target: './app',
    from: './lib/db',
    message: 'Pages and routes are shells: call a verb of lib/<domain>/server that finds its own database, never lib/db.',
  },
  {
    target: './lib/db',
    from: [
      './lib/auth',
      './lib/bff',
      './lib/org',
      './lib/vehicle-api',
      './lib/sandbox',
      './lib/query',
      ...DOMAINS.map((d) => `./lib/${d}`),
    ],
    message: 'lib/db imports only lib/errors, lib/env, lib/crypto and lib/contract.',
  },
  {
    target: './lib/crypto',
    from: ['./lib/auth', './lib/db'],
    message: 'lib/crypto imports neither lib/auth nor lib/db.',
  },
  {
    target: './lib/sandbox',
    from: './lib',
    except: ['./sandbox', './contract', './env.ts', './testing'],
    message: 'The sandbox is the upstream: it imports only lib/contract and lib/env.',
  },
  {
    target: [
      './components',
      './lib/query',
      './lib/hooks',
      './lib/list',
      './lib/validations',
      ...DOMAINS.map((d) => `./lib/${d}/!(server)/**`),
      ...DOMAINS.map((d) => `./lib/${d}/*.ts`),
    ],
    from: [
      './lib/db',
      './lib/bff',
      './lib/org',
      './lib/sandbox',
      './lib/crypto',
      './lib/env.ts',
      './lib/start-server.ts',
      ...DOMAINS.map((d) => `./lib/${d}/server`),
    ],
    message: 'Browser code never imports server-only modules (lib/db, lib/bff, lib/<domain>/server, …).',
  },
  {
    target: ['./components', './lib/query', './lib/hooks'],
    from: './lib/auth',
    except: ['./permissions.ts', './callback-url.ts', './schemas.ts'],
    message: 'Browser code takes only lib/auth/permissions, lib/auth/callback-url and lib/auth/schemas.',
  },
  {
    target: DOMAINS.map((d) => `./lib/${d}/query.ts`),
    from: './lib/list/use-cursor-list.ts',
    message:
      'A list kept in the URL has its hook in lib/<domain>/list-query.ts: in query.ts it would bring nuqs into every page that reads one record.',
  },
];

// Shared infrastructure imports no domain; its tests may (a key-factory test walks them all).
const INFRASTRUCTURE_ZONE = {
  target: INFRASTRUCTURE.map((folder) => `./lib/${folder}`),
  from: DOMAINS.map((d) => `./lib/${d}`),
  message: 'Shared infrastructure imports no domain: move the piece both need below the domains, or pass it in.',
};

// Test support lives beside the code it serves, named so tools can tell: production never imports it.
const TEST_SUPPORT_IMPORTS = { group: ['*.test-support'], message: 'Test support (*.test-support.ts) is for tests and benchmarks only.' };
// A page that needs only a key must not load the hooks beside it (and what they import: command
// logic, nuqs): key factories live in lib/<domain>/query-keys.ts, which imports nothing.
const KEYS_FROM_FACTORIES = {
  group: ['@/lib/*/query', '@/lib/*/*-query'],
  importNamePattern: 'Keys$',
  message: 'Import query keys from lib/<domain>/query-keys.ts: a query module brings its hooks and their imports into the page.',
};
const NOT_TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts'];
const NO_NEXT_DYNAMIC = {
  name: 'next/dynamic',
  message:
    'Load a component on the client with clientLazy (components/ui/client-lazy.tsx): next/dynamic adds ~2 kB gzip to the first load.',
};

// Components never fetch: data comes through a named hook or call of the domain's query module
// (lib/<domain>/query.ts), which owns the endpoint, the key and the cache updates.
const NEVER_FETCH = 'Components never fetch: call a named hook of lib/<domain>/query.ts (add one there).';
const COMPONENTS_NEVER_FETCH = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        NO_NEXT_DYNAMIC,
        {
          name: '@tanstack/react-query',
          importNames: [
            'useQuery',
            'useQueries',
            'useMutation',
            'useInfiniteQuery',
            'useSuspenseQuery',
            'useSuspenseInfiniteQuery',
            'useSuspenseQueries',
          ],
          message: NEVER_FETCH,
        },
      ],
      patterns: [
        TEST_SUPPORT_IMPORTS,
        KEYS_FROM_FACTORIES,
        { group: ['@/lib/query/api-fetch', '**/lib/query/api-fetch'], importNames: ['apiFetch'], message: NEVER_FETCH },
      ],
    },
  ],
  'no-restricted-globals': ['error', { name: 'fetch', message: NEVER_FETCH }],
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'node_modules/**',
    '.data/**',
    'test-results/**',
    'playwright-report/**',
    '.test-reports/**',
    'next-env.d.ts',
    'lib/db/migrations/**',
  ]),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through lib/env.ts.' }],
      // A module past 400 lines has seams to split along (CONTRIBUTING); tests included.
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['app/**', 'components/**', 'lib/**'],
    rules: { 'import/no-restricted-paths': ['error', { zones: ZONES }] },
  },
  {
    files: ['lib/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...ZONES, INFRASTRUCTURE_ZONE] }] },
  },
  {
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: NOT_TESTS,
    rules: { 'no-restricted-imports': ['error', { paths: [NO_NEXT_DYNAMIC], patterns: [TEST_SUPPORT_IMPORTS, KEYS_FROM_FACTORIES] }] },
  },
  // After the block above: a later no-restricted-imports replaces an earlier one, so this one carries both.
  { files: ['components/**'], ignores: NOT_TESTS, rules: COMPONENTS_NEVER_FETCH },
  {
    // The environment reader itself, start-up scripts and tool configs run before lib/env.ts can.
    files: ['lib/env.ts', 'scripts/**', '*.config.*', 'instrumentation.ts', 'e2e/**', 'bench/**', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
]);
