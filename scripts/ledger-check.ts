// `npm run ledger:check [-- <PGlite folder | postgres URL> [--schema NAME]]`: reconciles the ledger
// of a database with the checks the tests run after every money-moving test (issue 32,
// tests/support/ledger-reconciliation.ts): bettor balances against their transfers, house accounts
// against the coupons they hold, each coupon's stake and payouts, pending transfers, the paths
// money may take. Read-only. Prints the differences and exits 1 on any; 0 when the books agree.
// Without an argument: DATABASE_URL (and DATABASE_SCHEMA) or PLATFORM_DATA_DIR, as the platform
// reads them. A PGlite folder opens in one process only: stop the platform first.
import { existsSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describeDifferences, reconcileLedger } from "../tests/support/ledger-reconciliation.ts";

const args = process.argv.slice(2);
const schemaAt = args.indexOf("--schema");
const schema = schemaAt >= 0 ? args[schemaAt + 1] : process.env.DATABASE_SCHEMA;
const target = args.find((a, i) => !a.startsWith("--") && (schemaAt < 0 || i !== schemaAt + 1)) ?? process.env.DATABASE_URL ?? process.env.PLATFORM_DATA_DIR ?? ".data/platform";
if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
  console.error(`ledger:check: --schema must be a plain lower-case identifier, got ${schema}`);
  process.exit(2);
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function open(): Promise<{ query: Query; close(): Promise<void>; where: string }> {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const client = new pg.Client({ connectionString: target, ...(schema ? { options: `-c search_path="${schema}"` } : {}) });
    await client.connect();
    await client.query("begin transaction isolation level repeatable read read only");
    return {
      query: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
      close: async () => {
        await client.query("rollback");
        await client.end();
      },
      where: `${target.replace(/\/\/[^@/]*@/, "//")}${schema ? ` schema ${schema}` : ""}`,
    };
  }
  if (!existsSync(`${target}/PG_VERSION`)) {
    console.error(`ledger:check: ${target} is neither a postgres:// URL nor a PGlite database folder`);
    process.exit(2);
  }
  const lite = await PGlite.create({ dataDir: target });
  await lite.query("begin transaction isolation level repeatable read read only");
  return {
    query: async (text) => (await lite.query<Record<string, unknown>>(text)).rows,
    close: async () => {
      await lite.query("rollback");
      await lite.close();
    },
    where: target,
  };
}

const db = await open();
try {
  const [tables] = await db.query("select to_regclass('ledger_transfer') is not null and to_regclass('bet_coupon') is not null as ok");
  if (!tables?.ok) {
    console.error(`ledger:check ${db.where}: no ledger here (no ledger_transfer or bet_coupon table): is it the platform's database and schema?`);
    process.exit(2);
  }
  const differences = await reconcileLedger(db.query);
  const [sizes] = await db.query(
    "select (select count(*) from ledger_account) as accounts, (select count(*) from ledger_transfer) as transfers, (select count(*) from bet_coupon) as coupons",
  );
  const size = `${sizes?.accounts} accounts, ${sizes?.transfers} transfers, ${sizes?.coupons} coupons`;
  if (differences.length) {
    console.log(`ledger:check ${db.where}: ${differences.length} rule(s) broken (${size})\n${describeDifferences(differences)}`);
    process.exitCode = 1;
  } else console.log(`ledger:check ${db.where}: the books agree (${size})`);
} finally {
  await db.close();
}
