// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships WebAssembly and data files that must be loaded from node_modules as they are;
  // the ZIP-code data (lib/db/zip-codes.ts) is read from node_modules once, at migrate, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "zipcodes", "@photostructure/tz-lookup"],
  // A live embedded database inside the project must never be traced into the build output:
  // a copied PGlite folder is corrupt.
  outputFileTracingExcludes: { "*": ["./data/**", "./.data/**"] },
  // Types are checked by `npm run typecheck` (part of `npm test`) over the whole tree, tests
  // included; checking again inside every build only slows `npm start` down.
  typescript: { ignoreBuildErrors: true },
  // Each page's and route's server code is loaded when a request first needs it, not all at
  // start: the idle server holds only what it has served (issue 29: idle memory).
  experimental: { preloadEntriesOnStart: false },
};

module.exports = nextConfig;
