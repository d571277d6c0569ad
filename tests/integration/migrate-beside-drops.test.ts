import { Kysely } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { OwnSchemaPostgresDialect } from "../../platform/db/dialect.ts";
import { migrate } from "../../platform/db/index.ts";
import type { Database } from "../../platform/db/schema.ts";

// CI failed once with "schema t_… does not exist" while a platform migrated: the migrator's
// question "does my table exist?" read every schema on the server, by name, while another test's
// platform dropped its own. Platforms sharing a server must not see each other's schemas.

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("migrating beside other schemas that come and go", () => {
  const schemas: string[] = [];
  const name = (part: string) => {
    const schema = `t_churn_${part}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    schemas.push(schema);
    return schema;
  };
  const admin = () => new pg.Client({ connectionString: url });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it("migrates, and answers what its tables are, while schemas with tables are created and dropped", async () => {
    const ours = name("ours");
    const setup = admin();
    await setup.connect();
    await setup.query(`create schema "${ours}"`);
    await setup.end();
    const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path="${ours}"` });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });

    let churning = true;
    let dropped = 0;
    const churn = async () => {
      const client = admin();
      await client.connect();
      while (churning) {
        const other = name("other");
        await client.query(`create schema "${other}"; create table "${other}".t (id serial primary key, a text, b int, c int, d int)`);
        await client.query(`drop schema "${other}" cascade`);
        dropped++;
      }
      await client.end();
    };
    const churners = [churn(), churn(), churn()];
    try {
      await migrate(db);
      for (let i = 0; i < 150; i++) await db.introspection.getTables({ withInternalKyselyTables: true });
      const tables = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);
      expect(tables).toContain("kysely_migration");
      expect(tables).toContain("app_user");
      expect(new Set((await db.introspection.getTables()).map((t) => t.schema))).toEqual(new Set([ours]));
      // A second start finds its migrations done.
      await migrate(db);
    } finally {
      churning = false;
      await Promise.all(churners);
      await db.destroy();
    }
    expect(dropped).toBeGreaterThan(20);
  });
});
