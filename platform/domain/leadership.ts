// One leader per database among the platform processes on one PostgreSQL (decision 016): a
// session-level advisory lock, taken on a pooled connection the leader keeps for as long as it
// leads, and a fence its writes check (is the lock still granted to that connection?). The live
// simulator and the payments' recovery sweep each lead under a name of their own. PGlite is one
// process, which always leads.

import { sql } from "kysely";
import type { Db } from "../db/index.ts";

/** The advisory lock's class (its first key); the second is the name hashed with the schema. */
const LOCK_CLASS = 13013;

export interface Leadership {
  /** Tries to take the lock; true when this process leads (now or already). */
  tryLead(): Promise<boolean>;
  isLeader(): boolean;
  /** Whether the lock is still granted to the leader's connection (checked inside a write's transaction). */
  fence(trx: Db): Promise<boolean>;
  /** Gives the lock up; settles once its connection has unlocked and gone back to the pool. */
  release(): Promise<void>;
}

export function advisoryLeadership(db: Db, options: { dbKind: "pglite" | "postgres"; name: string }): Leadership {
  // Tests run many schemas on one server: the schema is part of the key.
  const lockKey = sql`(hashtext(${`${options.name}:`} || current_schema()) & 2147483647)`;
  let leaderPid: number | null = null;
  let releaseLock: (() => void) | null = null;
  /** Settles when the lock's connection has unlocked and gone back to the pool. */
  let lockHeld: Promise<void> = Promise.resolve();
  let leading = false;

  return {
    tryLead() {
      if (options.dbKind === "pglite") return Promise.resolve((leading = true));
      if (leading) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        lockHeld = db
          .connection()
          .execute(async (conn) => {
            const { rows } = await sql<{ ok: boolean; pid: number }>`select pg_try_advisory_lock(${LOCK_CLASS}, ${lockKey}) as ok, pg_backend_pid() as pid`.execute(conn);
            if (!rows[0]?.ok) return resolve(false);
            leaderPid = rows[0].pid;
            leading = true;
            resolve(true);
            await new Promise<void>((release) => (releaseLock = release));
            await sql`select pg_advisory_unlock(${LOCK_CLASS}, ${lockKey})`.execute(conn);
          })
          .catch((error: unknown) => {
            console.error(`[platform] ${options.name} lock connection failed`, error);
            leading = false;
            resolve(false);
          });
      });
    },
    isLeader: () => leading,
    async fence(trx) {
      if (options.dbKind === "pglite") return true;
      const { rows } = await sql<{ held: boolean }>`
        select exists (
          select 1 from pg_locks
          where locktype = 'advisory' and granted and pid = ${leaderPid}
            and classid = ${LOCK_CLASS} and objid = ${lockKey}::oid and objsubid = 2
            and database = (select oid from pg_database where datname = current_database())
        ) as held`.execute(trx);
      return rows[0]?.held === true;
    },
    release() {
      leading = false;
      leaderPid = null;
      releaseLock?.();
      releaseLock = null;
      return lockHeld;
    },
  };
}
