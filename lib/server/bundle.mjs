// Bundles one of the production entries with esbuild: `node lib/server/bundle.mjs server|operator`
// (run by ensure-build.mjs). Our TypeScript, with its `@/` paths, becomes one CommonJS file;
// packages stay `require`s of node_modules.
//
// The server's bundle also gets `virtual:server-routes`: every app/api_v2/**/route.ts (the API)
// and app/api/**/route.ts (the portal's server routes), with its path pattern and its module
// (loaded on first use), so that the server answers them without going through Next
// (lib/server/api-router.ts). Run by tsx (`npm run dev`) the import fails and Next serves them
// as before.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { BUNDLES } from "./ensure-build.mjs";

/** @param {string} dir */
function routeFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

const serverRoutes = {
  name: "server-routes",
  /** @param {import("esbuild").PluginBuild} b */
  setup(b) {
    b.onResolve({ filter: /^virtual:server-routes$/ }, () => ({
      path: "server-routes",
      namespace: "server-routes",
    }));
    b.onLoad({ filter: /.*/, namespace: "server-routes" }, () => {
      const app = path.resolve("app");
      const files = [...routeFiles(path.join(app, "api_v2")), ...routeFiles(path.join(app, "api"))];
      // Each route's module is loaded (its code run, its packages required) when a request
      // first needs it, not at start: a server that answers a few routes holds only those.
      // esbuild turns the require of a bundled file into a synchronous call of its init.
      const entries = files.map((f, i) => {
        const pattern = path
          .relative(app, path.dirname(f))
          .split(path.sep)
          .filter((s) => !/^\(.*\)$/.test(s));
        return `{ pattern: ${JSON.stringify(pattern)}, get module() { return (m[${i}] ??= require(${JSON.stringify(f)})); } }`;
      });
      return {
        contents: `const m = [];\nexport const routes = [${entries.join(",\n")}];\n`,
        resolveDir: app,
        loader: "ts",
      };
    });
  },
};

/**
 * `server-only` marks modules Next must keep out of the browser's bundle; outside Next's server
 * graph the package throws on import. This bundle is the server, so the marker is empty here.
 */
const serverOnly = {
  name: "server-only",
  /** @param {import("esbuild").PluginBuild} b */
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

const name = process.argv[2];
const target = BUNDLES[/** @type {keyof typeof BUNDLES} */ (name)];
if (!target) {
  process.stderr.write("usage: node lib/server/bundle.mjs server|operator\n");
  process.exit(2);
}
await build({
  entryPoints: [target.entry],
  outfile: target.out,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
  legalComments: "none",
  plugins: name === "server" ? [serverRoutes, serverOnly] : [serverOnly],
}).catch(() => process.exit(1));
