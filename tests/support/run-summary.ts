// The end-of-run summary both test runners print (their reporters: vitest-summary-reporter.ts,
// summary-reporter.ts): the tests that were retried or failed after a retry, and the slowest files,
// so a run that got slower or flakier says so without digging through its log.

export interface RetriedTest {
  /** "flaky" (passed on a retry) or "failed" (failed, retried or not). */
  outcome: "flaky" | "failed";
  /** file:line › title */
  where: string;
  retries: number;
  /** The first line of the first failure's message. */
  firstFailure: string | undefined;
}

const SLOWEST = 10;

// ANSI colour codes, which the runners put into error messages.
const ansi = /\u001b\[[0-9;]*m/g;

/** The first non-empty line of an error message, without colours, at most 160 characters. */
export function firstLine(message: string | undefined): string | undefined {
  const line = message?.replace(ansi, "").split("\n").find((l) => l.trim())?.trim();
  return line && line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

/**
 * The summary's lines: the retried tests (`what` names them: "retried tests", or Playwright's
 * "flaky or failed tests"), or that there were none, then the ten slowest files.
 */
export function summaryLines(title: string, what: string, retried: RetriedTest[], files: Map<string, number>): string[] {
  const lines = [""];
  if (retried.length === 0) {
    lines.push(`${title}: ${what}: none`);
  } else {
    lines.push(`${title}: ${what} (${retried.length})`);
    for (const t of retried) {
      const count = `${t.retries} ${t.retries === 1 ? "retry" : "retries"}`;
      lines.push(`  ${t.outcome.padEnd(6)} ${t.where} (${count})${t.firstFailure ? `: ${t.firstFailure}` : ""}`);
    }
  }
  const slowest = [...files].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
  lines.push(`${title}: slowest files (${slowest.length} of ${files.size})`);
  for (const [file, ms] of slowest) lines.push(`  ${seconds(ms)}  ${file}`);
  return lines;
}
