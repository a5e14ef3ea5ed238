import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README is the newcomer's page and docs/ holds the rest (issue 29). These keep them
 * navigable: the README stays short, every docs page is in its "Read more" list, and every link
 * between them reaches a file that exists and, with a #fragment, a heading on that page.
 */
const root = process.cwd();
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const pages = [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The text outside code: fenced blocks and inline code hold no links. */
const prose = (md: string) => md.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");

/** Every inline link target of a page: `[text](target)`. */
const linksOf = (md: string) => [...prose(md).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

/** A heading's anchor as GitHub makes it: lower case, punctuation gone, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/`/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const anchorsOf = (md: string) =>
  new Set([...prose(md).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));

describe("README and docs/", () => {
  it("keeps the README under 250 lines", () => {
    expect(read("README.md").split("\n").length).toBeLessThan(250);
  });

  it("lists every docs page in the README", () => {
    const linked = new Set(linksOf(read("README.md")).map((l) => l.split("#")[0]));
    const missing = pages.filter((p) => p.startsWith("docs/") && !linked.has(p));
    expect(missing).toEqual([]);
  });

  it("links only to files that exist, and to headings those files have", () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const link of linksOf(read(page))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // http:, mailto:: not ours to check
        const [file, anchor] = link.split("#");
        const target = file
          ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file))
          : page;
        if (!fs.existsSync(path.join(root, target))) {
          broken.push(`${page}: ${link} (no ${target})`);
          continue;
        }
        if (anchor && target.endsWith(".md") && !anchorsOf(read(target)).has(anchor)) {
          broken.push(`${page}: ${link} (no heading #${anchor} in ${target})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("gives configuration essentials that are rows of the full table, word for word", () => {
    // Cells compared trimmed: the formatter pads each table to its own widest cell.
    const rows = (md: string) =>
      md
        .split("\n")
        .filter((l) => l.startsWith("| `"))
        .map((l) =>
          l
            .split("|")
            .map((c) => c.trim())
            .join("|"),
        );
    const essentials = rows(read("README.md"));
    expect(essentials.length).toBeGreaterThan(0);
    const full = new Set(rows(read("docs/configuration.md")));
    expect(essentials.filter((r) => !full.has(r))).toEqual([]);
  });

  // The walk-through's commands run as written (e2e/server.test.ts); the operator's are shown
  // with placeholder ids, so the operator tests run each one instead. A command added to the
  // page without a test fails here.
  it("shows only operator commands that an operator test runs", () => {
    const tests = ["e2e/operator.test.ts", "e2e/operator-beside-server.test.ts"]
      .map(read)
      .join("\n")
      .replace(/\s+/g, " ");
    const shown = [
      ...read("docs/operator.md").matchAll(/operator -- ([a-z-]+)(?: ([a-z][a-z-]*))?/g),
    ];
    expect(shown.length).toBeGreaterThan(20);
    const unrun = shown
      .map(([, command, verb]) => (verb ? `"${command}", "${verb}"` : `"${command}",`))
      // operator("keys", …) in this process, operatorProcess(processDir, "keys", …) as a process.
      .filter((call) => ![`(${call}`, `( ${call}`, `Dir, ${call}`].some((c) => tests.includes(c)));
    expect(unrun).toEqual([]);
  });
});
