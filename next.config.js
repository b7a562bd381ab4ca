// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The production artifact: `.next/standalone` holds server.js and only the files the server
  // reaches, so a deployment needs neither the sources nor the whole node_modules. Next leaves
  // `.next/static` and `public` out of it; `node scripts/standalone.mjs` copies them in after
  // `next build` (Next's documented step), and the cluster test and the Dockerfile serve it.
  output: 'standalone',
  // Files read at run time through paths the tracer cannot follow (process.cwd()): the SQL
  // migrations (startup and /api/ready) and MapLibre's worker (/map-worker).
  outputFileTracingIncludes: {
    '**': ['./lib/db/migrations/**/*'],
    '/map-worker': ['./node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs'],
  },
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  // pino and prom-client keep one instance per process (logger, registry) when loaded from node_modules;
  // pg-boss too (it requires pg, which it never opens here: it runs on the postgres pool).
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'pg-boss', 'pino', 'prom-client'],
  typedRoutes: false,
  // `npm test` runs `tsc --noEmit` on the same sources just before the build and sets this when it
  // passed (scripts/test.mjs): checking again inside `next build` cost ~2 minutes under load.
  typescript: { ignoreBuildErrors: process.env.MOTORPOOL_BUILD_TYPECHECKED === '1' },
};

module.exports = nextConfig;
