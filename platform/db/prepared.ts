import type pg from "pg";

// Named prepared statements for PostgreSQL (decision 044). Kysely sends every query unnamed, so
// the server parses and plans it each time; on the bet path that was half of PostgreSQL's CPU.
// A statement text the process sends a second time gets a name, and node-postgres prepares a
// named statement once per connection and afterwards only binds and executes it.

/** Most names a process hands out: texts that vary (IN lists of every length) stop here. */
export const MAX_PREPARED_NAMES = 1000;

/** Texts seen once, forgotten in bulk when this many pile up (one-off queries never repeat). */
const MAX_SEEN_ONCE = 10_000;

/** SQLSTATE 0A000 "cached plan must not change result type": a table changed under a statement. */
const FEATURE_NOT_SUPPORTED = "0A000";

type Query = (config: unknown, values?: unknown) => Promise<unknown>;

/** The text → name book of one process; names are unique per text, so connections never clash. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private seenOnce = new Set<string>();
  private next = 0;

  /** The name to send a text under, or undefined to send it unnamed (first sight, or the book is full). */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named) return named;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce = new Set();
      this.seenOnce.add(text);
      return undefined;
    }
    if (this.names.size >= MAX_PREPARED_NAMES) return undefined;
    this.seenOnce.delete(text);
    const name = `k${this.next++}`;
    this.names.set(text, name);
    return name;
  }

  /** Retires a text's name: a later use prepares it afresh under a new one. */
  retire(text: string): void {
    this.names.delete(text);
  }

  get size(): number {
    return this.names.size;
  }
}

/**
 * A pool for Kysely's PostgresDialect whose clients send repeated statements by name. A statement
 * whose table changed shape since it was prepared (a migration by another process) is retired and
 * the query sent again unnamed, so a deploy never breaks a running process.
 */
export function preparingPool(pool: pg.Pool, names = new StatementNames()) {
  const patched = new WeakSet<pg.PoolClient>();
  return {
    async connect(): Promise<pg.PoolClient> {
      const client = await pool.connect();
      if (!patched.has(client)) {
        patched.add(client);
        const query = client.query.bind(client) as Query;
        const named: Query = async (config, values) => {
          if (typeof config !== "string" || !Array.isArray(values)) return query(config, values);
          const name = names.nameFor(config);
          if (!name) return query(config, values);
          try {
            return await query({ name, text: config, values });
          } catch (error) {
            if ((error as { code?: unknown } | null)?.code !== FEATURE_NOT_SUPPORTED) throw error;
            names.retire(config);
            // Outside a transaction the unnamed retry answers; inside one the transaction is
            // already aborted, and the caller sees the original error (its retry will work).
            return query(config, values).catch(() => Promise.reject(error));
          }
        };
        (client as unknown as { query: Query }).query = named;
      }
      return client;
    },
    end: () => pool.end(),
  };
}
