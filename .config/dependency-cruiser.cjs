/**
 * The house's arrows (docs/architecture.md), checked on every `npm run lint` and so on every
 * `npm test`: a crossed arrow fails the run. Each rule names the reason a newcomer needs.
 */
const TESTS = "(\\.test\\.tsx?$|^lib/api-v2/tests/|^e2e/)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "portal-reaches-data-only-upstream",
      comment:
        "The portal (its pages, components and lib/portal) reaches data only through the upstream client, so it works the same against the real service: never our database or the API's internals.",
      severity: "error",
      from: { path: "^(components/|app/\\((portal|auth)\\)/|app/api/|lib/portal/)" },
      to: { path: "^lib/(db|api-v2)/" },
    },
    {
      name: "browser-code-never-imports-server-code",
      comment:
        "lib/portal/server holds the session, the upstream client and its secrets (server-only); components and lib/portal/client run in the browser and reach it only over /api.",
      severity: "error",
      from: { path: "^(components/|lib/portal/client/|lib/portal/[^/]+$)", pathNot: TESTS },
      to: { path: "^lib/portal/server/", dependencyTypesNot: ["type-only", "type-import"] },
    },
    {
      name: "api-knows-no-screen",
      comment:
        "The service behind /api_v2 knows no screen and no session cookie: no lib/portal, components, app or React.",
      severity: "error",
      from: { path: "^lib/api-v2/", pathNot: TESTS },
      to: {
        path: "^(lib/portal/|components/|app/)|node_modules/(react|react-dom|next|@tanstack|react-hook-form|@headlessui)/",
      },
    },
    {
      name: "schemas-stay-light",
      comment:
        "lib/schemas is shared by the API and the browser bundle: zod, libphonenumber-js, lib/net's pure helpers and itself only.",
      severity: "error",
      from: { path: "^lib/schemas/", pathNot: TESTS },
      to: {
        pathNot: "^lib/(schemas|net)/|node_modules/(zod|libphonenumber-js)/",
      },
    },
    {
      name: "shared-bulk-rules-stay-neutral",
      comment:
        "lib/bulk serves the portal (browser) and the operator command: it never imports the API's internals or our database.",
      severity: "error",
      from: { path: "^lib/bulk/", pathNot: TESTS },
      to: { path: "^lib/(db|api-v2|portal|server|operator)/" },
    },
    {
      name: "lib-is-below-app-and-components",
      comment: "Imports run app → components → lib, never upwards.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-are-below-app",
      comment: "Imports run app → components → lib, never upwards.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "production-code-never-imports-tests",
      comment: "Test support and benchmarks live in e2e/; nothing that ships imports them.",
      severity: "error",
      from: { path: "^(app|components|lib)/", pathNot: TESTS },
      to: { path: `${TESTS}|^e2e/` },
    },
    {
      name: "no-circular",
      comment:
        "A cycle makes load order matter and hides a missing seam. Type-only imports and lazy import()s (a component naming the type of the part it loads on demand) erase at run time and are allowed.",
      severity: "error",
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ["type-only", "type-import", "dynamic-import"],
        viaOnly: { dependencyTypesNot: ["type-only", "type-import", "dynamic-import"] },
      },
    },
    {
      name: "not-to-unresolvable",
      comment:
        "An import that resolves nowhere is a typo or a missing dependency. `virtual:` modules are made by the bundler (lib/server/bundle.mjs).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^virtual:" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.next|node_modules|data|bench|public)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
