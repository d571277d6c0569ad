import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PREPARED_NAMES, StatementNames, preparingPool } from "../../platform/db/prepared.ts";

// Decision 044: repeated statements go to PostgreSQL by name, prepared once per connection.

describe("the statement book", () => {
  it("names a text on its second sight, keeps the name, and stops at the cap", () => {
    const names = new StatementNames();
    expect(names.nameFor("select 1")).toBeUndefined();
    const name = names.nameFor("select 1");
    expect(name).toMatch(/^k\d+$/);
    expect(names.nameFor("select 1")).toBe(name);
    expect(names.nameFor("select 2")).toBeUndefined();
    expect(names.nameFor("select 2")).not.toBe(name);

    for (let i = 0; names.size < MAX_PREPARED_NAMES; i++) {
      names.nameFor(`select ${i + 10}`);
      names.nameFor(`select ${i + 10}`);
    }
    names.nameFor("select 'late'");
    expect(names.nameFor("select 'late'")).toBeUndefined();
    expect(names.nameFor("select 1")).toBe(name);

    names.retire("select 1");
    expect(names.nameFor("select 1")).toBeUndefined();
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("named statements on PostgreSQL", () => {
  const schema = `t_prepared_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let db: Kysely<Record<string, { id: number; label: string }>>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    // One connection, so every query below meets the statements prepared before it.
    const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path="${schema}"` });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    await sql`create table item (id integer primary key, label text not null)`.execute(db);
    await sql`insert into item values (1, 'one'), (2, 'two')`.execute(db);
  });

  afterAll(async () => {
    await db?.destroy();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((r) => r.statement);

  it("prepares a repeated query once and answers it as an unnamed one would", async () => {
    const byId = (id: number) => db.selectFrom("item").select(["id", "label"]).where("id", "=", id).executeTakeFirst();
    expect(await byId(1)).toEqual({ id: 1, label: "one" });
    expect(await prepared()).not.toContain('select "id", "label" from "item" where "id" = $1');
    expect(await byId(2)).toEqual({ id: 2, label: "two" });
    expect(await byId(1)).toEqual({ id: 1, label: "one" });
    expect(await byId(3)).toBeUndefined();
    expect((await prepared()).filter((s) => s === 'select "id", "label" from "item" where "id" = $1')).toHaveLength(1);
  });

  it("a table that changes shape under a prepared select * is answered afresh, not with an error", async () => {
    const all = (id: number) => sql<Record<string, unknown>>`select * from item where id = ${id}`.execute(db).then((r) => r.rows[0]);
    await all(1);
    await all(1);
    expect(await prepared()).toContain("select * from item where id = $1");
    // Another process's migration, as in a rolling deploy.
    const other = new pg.Client({ connectionString: url, options: `-c search_path="${schema}"` });
    await other.connect();
    await other.query("alter table item add column note text not null default 'new'");
    await other.end();
    expect(await all(1)).toEqual({ id: 1, label: "one", note: "new" });
    expect(await all(2)).toEqual({ id: 2, label: "two", note: "new" });
  });
});
