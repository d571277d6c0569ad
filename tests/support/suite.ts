// Stacks for Vitest's integration tests: one per file or describe block, on the runner's hooks.
import { afterAll, afterEach, beforeAll } from "vitest";
import { expectLedgerReconciled } from "./ledger-reconciliation";
import { type DbKind, type StackOptions, stackPerSuite } from "./stack";

/** A platform and the built site for the tests of the file or describe block it is called in. */
export function siteStack(options: StackOptions = {}) {
  return stackPerSuite({ beforeAll, afterAll }, options);
}

/** A platform alone on `db` (no site), for the platform API tests of one database. */
export function platformStack(db: DbKind, options: Omit<StackOptions, "db" | "site"> = {}) {
  return stackPerSuite({ beforeAll, afterAll }, { ...options, db, site: false });
}

/**
 * After each test of the file or block, the ledger reconciles (issue 32): the independent checks
 * of tests/support/ledger-reconciliation.ts on the platform the tests moved money on. For every
 * file whose tests place bets, deposit or settle.
 */
export function reconcileLedgerAfterEach(platformUrl: () => string | null | undefined) {
  afterEach(async () => {
    const url = platformUrl();
    if (url) await expectLedgerReconciled(url);
  });
}
