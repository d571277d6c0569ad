import { relative } from "node:path";
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from "@playwright/test/reporter";
import { type RetriedTest, firstLine, summaryLines } from "./run-summary";

/**
 * Playwright's part of the run summary (run-summary.ts), printed at the end of the run: every
 * test that passed only on a retry (flaky) or failed, with its retries and its first failure's
 * message, and the ten slowest spec files (their tests' attempts added up, across the workers).
 */
export default class SummaryReporter implements Reporter {
  private readonly root = process.cwd();
  private suite: Suite | undefined;
  private readonly files = new Map<string, number>();

  onBegin(_config: FullConfig, suite: Suite): void {
    this.suite = suite;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(this.root, test.location.file);
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
  }

  onEnd(): void {
    const retried: RetriedTest[] = [];
    for (const test of this.suite?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome !== "flaky" && outcome !== "unexpected") continue;
      const failure = test.results.find((r) => r.status !== "passed" && r.status !== "skipped");
      retried.push({
        outcome: outcome === "flaky" ? "flaky" : "failed",
        where: `${relative(this.root, test.location.file)}:${test.location.line} › ${test.titlePath().slice(3).join(" › ")}`,
        retries: Math.max(0, test.results.length - 1),
        firstFailure: firstLine(failure?.error?.message ?? failure?.status),
      });
    }
    for (const line of summaryLines("e2e", "flaky or failed tests", retried, this.files)) console.log(line);
  }
}
