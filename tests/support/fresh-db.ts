// An empty database of the platform's own, opened in this test process (no platform running): a
// PGlite folder, or a schema of its own on the test PostgreSQL (TEST_DATABASE_URL), each with its
// drop(). For tests of the database layer itself (the ledger, its reconciliation).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type OpenDb, openDb } from "../../platform/db/index.ts";
import type { DbKind } from "./stack";

export type FreshDb = OpenDb & { drop(): Promise<void> };

/** `prefix` names the folder or schema after the file that made it, for a look after a failure. */
export async function freshDb(kind: DbKind, prefix: string): Promise<FreshDb> {
  if (kind === "postgres") {
    const url = process.env.TEST_DATABASE_URL ?? "";
    const schema = `t_${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const opened = await openDb({ databaseUrl: url, schema, dataDir: "" });
    return {
      ...opened,
      async drop() {
        await opened.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const opened = await openDb({ dataDir: dir });
  return {
    ...opened,
    async drop() {
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
