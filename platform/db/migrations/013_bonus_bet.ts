import { type Kysely, sql } from "kysely";

// The bonus bet (SPEC §4, decision 034): an express placed as a bonus bet keeps its bonus
// coefficient (hundredths), which multiplies its payout when every selection wins.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_coupon add column bonus_coef integer check (bonus_coef is null or bonus_coef between 101 and 200)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_coupon drop column if exists bonus_coef`.execute(db);
}
