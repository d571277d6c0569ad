import type { PGlite } from "@electric-sql/pglite";
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";

/**
 * Presents one embedded PGlite database as the `pg` pool Kysely's PostgresDialect expects,
 * so the platform has a single dialect for both PGlite and a PostgreSQL server.
 * PGlite is one connection: a client is lent to one borrower at a time, which keeps
 * transactions from interleaving.
 */
export function pglitePool(db: PGlite): PostgresPool & { end(): Promise<void> } {
  let tail: Promise<void> = Promise.resolve();

  const client: Omit<PostgresPoolClient, "release"> = {
    async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      const result = await db.query<R>(sql, parameters as unknown[]);
      const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() as PostgresQueryResult<R>["command"];
      return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
    },
  } as Omit<PostgresPoolClient, "release">;

  return {
    connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const ready = tail;
      tail = tail.then(() => turn);
      return ready.then(() => ({ ...client, release }) as PostgresPoolClient);
    },
    async end() {
      await tail;
      await db.close();
    },
  };
}
