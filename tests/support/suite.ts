// Stacks for Vitest's integration tests: one per file or describe block, on the runner's hooks.
import { afterAll, beforeAll } from "vitest";
import { type DbKind, type StackOptions, stackPerSuite } from "./stack";

/** A platform and the built site for the tests of the file or describe block it is called in. */
export function siteStack(options: StackOptions = {}) {
  return stackPerSuite({ beforeAll, afterAll }, options);
}

/** A platform alone on `db` (no site), for the platform API tests of one database. */
export function platformStack(db: DbKind, options: Omit<StackOptions, "db" | "site"> = {}) {
  return stackPerSuite({ beforeAll, afterAll }, { ...options, db, site: false });
}
