import { relative } from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";
import { type RetriedTest, firstLine, summaryLines } from "./run-summary";

/**
 * Vitest's part of the run summary (run-summary.ts), printed after the default reporter's: any
 * test that was retried (`retry` is 0 in both configs today, so normally none) and the ten slowest
 * test files, each timed from its environment and import to its last hook.
 */
export default class SummaryReporter implements Reporter {
  private vitest: Vitest | undefined;

  constructor(private readonly title: string) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    // After the default reporter's totals, which it prints from the run's other end-of-run hook.
    await new Promise((resolve) => setImmediate(resolve));
    const root = this.vitest?.config.root ?? process.cwd();
    const files = new Map<string, number>();
    const retried: RetriedTest[] = [];
    for (const module of testModules) {
      const file = relative(root, module.moduleId);
      const d = module.diagnostic();
      files.set(file, d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration);
      for (const test of module.children.allTests()) {
        const retries = test.diagnostic()?.retryCount ?? 0;
        if (retries === 0) continue;
        const result = test.result();
        retried.push({
          outcome: result.state === "failed" ? "failed" : "flaky",
          where: `${file}${test.location ? `:${test.location.line}` : ""} › ${test.fullName}`,
          retries,
          firstFailure: firstLine(result.errors?.[0]?.message),
        });
      }
    }
    const lines = summaryLines(this.title, "retried tests", retried, files);
    for (const line of lines) {
      if (this.vitest) this.vitest.logger.log(line);
      else console.log(line);
    }
  }
}
