import { type Kysely, sql } from "kysely";

// What a bettor owes the house (decision 019): a correction of a game's result took back winnings
// the bettor had already spent. The part the balance could not cover is not taken below zero: the
// house's receivables pay the reversal (a transfer receivables → payouts) and the debt is recorded
// here against the bettor's account, to be collected from the money that comes in later.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bettor_debt (
      id bigserial primary key,
      user_id integer not null references app_user (id),
      account_id bigint not null references ledger_account (id),
      currency text not null,
      coupon_id bigint not null references bet_coupon (id),
      -- the transfer receivables → payouts that advanced the part the bettor could not pay
      transfer_id bigint not null unique references ledger_transfer (id),
      amount bigint not null check (amount > 0),
      collected bigint not null default 0 check (collected >= 0 and collected <= amount),
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index bettor_debt_user_idx on bettor_debt (user_id) where collected < amount`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bettor_debt`.execute(db);
}
