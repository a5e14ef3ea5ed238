import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The arrows of docs/architecture.md are enforced by `npm run lint` (dependency-cruiser with
 * .config/dependency-cruiser.cjs). This proves the rules bite: a small tree that crosses each
 * arrow once must give exactly those violations, and a tree that keeps them must give none.
 */
const require = createRequire(import.meta.url);
const config = require("../.config/dependency-cruiser.cjs") as {
  forbidden: { name: string }[];
};

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arch-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

async function violations(dir: string): Promise<string[]> {
  const result = await cruise(
    ["app", "components", "lib"].filter((d) => fs.existsSync(path.join(dir, d))),
    { baseDir: dir, validate: true, ruleSet: { forbidden: config.forbidden } as never },
  );
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe("architecture rules", () => {
  it("refuse every crossed arrow", async () => {
    const dir = tree({
      "lib/db/client.ts": "export const db = 1;\n",
      "lib/api-v2/service.ts": 'import { x } from "../portal/session";\nexport const y = x;\n',
      "lib/portal/session.ts": 'import { db } from "../db/client";\nexport const x = db;\n',
      "lib/schemas/user.ts": 'import { db } from "../db/client";\nexport const s = db;\n',
      "lib/bulk/csv.ts": 'import { y } from "../api-v2/service";\nexport const c = y;\n',
      "lib/up.ts": 'import { w } from "../components/widget";\nexport const u = w;\n',
      "components/widget.ts": 'import { db } from "../lib/db/client";\nexport const w = db;\n',
      "lib/portal/server/session.ts": "export const secret = 1;\n",
      "lib/portal/client/fetcher.ts":
        'import { secret } from "../server/session";\nexport const f = secret;\n',
      "lib/cycle/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "lib/cycle/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    });
    expect(await violations(dir)).toEqual([
      "api-knows-no-screen: lib/api-v2/service.ts → lib/portal/session.ts",
      "browser-code-never-imports-server-code: lib/portal/client/fetcher.ts → lib/portal/server/session.ts",
      "lib-is-below-app-and-components: lib/up.ts → components/widget.ts",
      "no-circular: lib/cycle/a.ts → lib/cycle/b.ts",
      "portal-reaches-data-only-upstream: components/widget.ts → lib/db/client.ts",
      "portal-reaches-data-only-upstream: lib/portal/session.ts → lib/db/client.ts",
      "schemas-stay-light: lib/schemas/user.ts → lib/db/client.ts",
      "shared-bulk-rules-stay-neutral: lib/bulk/csv.ts → lib/api-v2/service.ts",
    ]);
  });

  it("let the allowed arrows through", async () => {
    const dir = tree({
      "lib/db/client.ts": "export const db = 1;\n",
      "lib/net/loopback.ts": "export const l = 1;\n",
      "lib/schemas/user.ts": 'import { l } from "../net/loopback";\nexport const s = l;\n',
      "lib/api-v2/service.ts":
        'import { db } from "../db/client";\nimport { s } from "../schemas/user";\nexport const y = db + s;\n',
      "lib/portal/form.ts": 'import { s } from "../schemas/user";\nexport const f = s;\n',
      "components/widget.ts": 'import { f } from "../lib/portal/form";\nexport const w = f;\n',
      "lib/cycle/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
      "lib/cycle/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
    });
    expect(await violations(dir)).toEqual([]);
  });
});
