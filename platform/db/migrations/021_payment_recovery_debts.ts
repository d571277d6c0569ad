import { type Kysely, sql } from "kysely";

// Payments left open by a crash or by lost callbacks are asked about by a sweep (decision 065,
// "Recovery"); debts are collected from deposits (decision 019). A payment remembers when the
// sweep last asked the provider (so a long backlog is asked in turn, oldest question first) and how
// much of a deposit repaid debts; each debt keeps the deposits that repaid it, with the transfer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment add column checked_at timestamptz`.execute(db);
  await sql`alter table payment add column debt_repaid bigint not null default 0`.execute(db);
  await sql`alter table payment add constraint payment_debt_repaid_check check (debt_repaid >= 0 and debt_repaid <= amount and (kind = 'deposit' or debt_repaid = 0))`.execute(db);
  await sql`create index payment_open_idx on payment (created_at) where status_id in (0, 1)`.execute(db);
  await sql`
    create table bettor_debt_collection (
      id bigserial primary key,
      debt_id bigint not null references bettor_debt (id),
      payment_id bigint not null references payment (id),
      -- the one transfer bettor → receivables of the deposit that repaid this part
      transfer_id bigint not null references ledger_transfer (id),
      amount bigint not null check (amount > 0),
      unique (debt_id, payment_id)
    )
  `.execute(db);
  await sql`create index bettor_debt_collection_transfer_idx on bettor_debt_collection (transfer_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bettor_debt_collection`.execute(db);
  await sql`drop index if exists payment_open_idx`.execute(db);
  await sql`alter table payment drop constraint if exists payment_debt_repaid_check`.execute(db);
  await sql`alter table payment drop column if exists debt_repaid`.execute(db);
  await sql`alter table payment drop column if exists checked_at`.execute(db);
}
