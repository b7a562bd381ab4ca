// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  // pino and prom-client keep one instance per process (logger, registry) when loaded from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'pino', 'prom-client'],
  typedRoutes: false,
};

module.exports = nextConfig;
