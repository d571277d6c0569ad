import type { Db } from "../db/index.ts";
import { type BlockRuleInput, orderBlockRules } from "./blocks.ts";
import { readConfigVersion } from "./config-version.ts";
import { type RuleSet, compileRuleSet } from "./redirects.ts";

/**
 * The live redirect and block rules, compiled once per config version and kept in this process.
 * Each request reads only the one-row version; rules are read and compiled again only after a
 * write has changed it, in this process or in any other on the same database.
 */

interface Versioned<T> {
  /** For requests: reads the version; concurrent callers share one load per version. */
  get(db: Db): Promise<T>;
  /**
   * Inside a transaction that holds the version lock (lockConfigVersion), before it writes. It
   * never waits on a load running on another connection: PGlite has one, which this transaction
   * holds, so that wait would never end.
   */
  getLocked(trx: Db, version: string): Promise<T>;
}

function versioned<T>(load: (db: Db) => Promise<T>): Versioned<T> {
  let settled: { version: string; value: T } | null = null;
  let pending: { version: string; promise: Promise<T> } | null = null;
  return {
    async get(db) {
      const version = await readConfigVersion(db);
      if (settled?.version === version) return settled.value;
      if (pending?.version === version) return pending.promise;
      // The rules are read after the version: if a write lands in between, they are newer than
      // the version they are filed under, and the next request, seeing the newer version, reloads.
      const entry = { version, promise: load(db) };
      pending = entry;
      entry.promise.then(
        (value) => {
          settled = { version, value };
          if (pending === entry) pending = null;
        },
        () => {
          if (pending === entry) pending = null;
        },
      );
      return entry.promise;
    },
    async getLocked(trx, version) {
      if (settled?.version === version) return settled.value;
      const value = await load(trx);
      settled = { version, value };
      return value;
    },
  };
}

export interface RuleCache {
  /** Active redirect rules, compiled and indexed. */
  redirects: Versioned<RuleSet>;
  /** Active block rules in the order they are tried. */
  blocks: Versioned<BlockRuleInput[]>;
}

export function createRuleCache(): RuleCache {
  return {
    redirects: versioned(async (db) =>
      compileRuleSet(
        await db
          .selectFrom("redirect_rule")
          .select(["id", "source", "target", "code", "languages", "priority", "active"])
          .where("active", "=", true)
          .execute(),
      ),
    ),
    blocks: versioned(async (db) =>
      orderBlockRules(
        await db
          .selectFrom("block_rule")
          .select(["id", "kind", "pattern", "reason", "template_type_id", "applies_to", "active", "priority"])
          .where("active", "=", true)
          .execute(),
      ),
    ),
  };
}
