import { tmpdir } from "node:os";
import { join } from "node:path";

/** Whether this is one of Vitest's worker processes (whose parent is the run's main process). */
export const inVitestWorker = process.env.VITEST_POOL_ID !== undefined;

/**
 * The folder this test run's PGlite templates go in: one per Vitest run (named after its main
 * process, which removes it at the end: templates-teardown.ts), else one per process.
 */
export function templateRoot(): string {
  return join(tmpdir(), `platform-templates-${inVitestWorker ? process.ppid : process.pid}`);
}
