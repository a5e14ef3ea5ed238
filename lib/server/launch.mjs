// `npm start` (`node lib/server/launch.mjs server`) and `npm run operator`
// (`node lib/server/launch.mjs operator …`): build what is missing or stale, then run the
// bundle in this same process on plain `node`. One process, so a signal sent to it (SIGTERM
// from a supervisor, SIGKILL in a crash test) reaches the program that holds the database.
import { createRequire } from "node:module";
import { bundlePath, ensureBuild } from "./ensure-build.mjs";

const target = process.argv[2];
if (target !== "server" && target !== "operator") {
  process.stderr.write("usage: node lib/server/launch.mjs server|operator [arguments]\n");
  process.exit(2);
}
const dir = process.cwd();
ensureBuild(dir, target);
const bundle = bundlePath(dir, target);
// The program sees its own arguments, as if it had been started as `node <bundle> …`.
process.argv.splice(1, 2, bundle);
createRequire(import.meta.url)(bundle);
