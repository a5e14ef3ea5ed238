import path from "node:path";
import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every test that passed only on a retry (CI retries a failed test once:
 * vitest.config.mts), at the end of the run, so a flaky test is seen and fixed rather than
 * silently carried: the default reporter shows a file's line with a tick either way.
 */
export default class RetriedTests implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic();
    if (!diagnostic?.flaky) return;
    const file = path.relative(process.cwd(), test.module.moduleId);
    this.flaky.push(
      `  ${test.project.name} ${file} > ${test.fullName} (passed on try ${diagnostic.retryCount + 1})`,
    );
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    process.stdout.write(
      `\n[retried] ${this.flaky.length} test(s) failed, then passed on a retry (flaky: fix them):\n${this.flaky.join("\n")}\n`,
    );
  }
}
