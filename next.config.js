// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres'],
  typedRoutes: false,
};

module.exports = nextConfig;
