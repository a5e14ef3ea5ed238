import fs from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Longest first, across projects. Vitest's own order runs the projects one after another by name,
 * so the server project's files (each starts real servers and processes: the operator's file
 * alone is about two minutes here) began last and left the run waiting on them alone, with two
 * of the three workers idle. Here the server project's files go first, then the API suites, then
 * the quick unit and component files that fill the gaps; within a project, the duration the last
 * run recorded (when vitest has it) or else the file's size.
 */
const PROJECT_RANK: Record<string, number> = {
  server: 0,
  "api:embedded": 1,
  "api:postgresql": 2,
  "api:pooler": 3,
  components: 4,
  unit: 5,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${spec.moduleId.slice(this.ctx.config.root.length + 1)}`;
      const last = this.ctx.cache.getFileTestResults(key)?.duration;
      if (last !== undefined) return last;
      try {
        return fs.statSync(spec.moduleId).size;
      } catch {
        return 0;
      }
    };
    // A project's isolated part (vitest.config.mts, sharingModules) ranks with the project.
    const rank = (spec: TestSpecification) =>
      PROJECT_RANK[spec.project.name.replace(/:isolated$/, "")] ?? 9;
    return [...files].sort((a, b) => rank(a) - rank(b) || weight(b) - weight(a));
  }
}
