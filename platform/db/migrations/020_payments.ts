import { type Kysely, sql } from "kysely";

// Deposits and withdrawals through the payment provider (issue 34, decision 065). A payment is the
// platform's record of one request and its state as the provider's verified callbacks move it;
// its money is in the ledger only: a deposit's one credit transfer (house deposits → bettor), a
// withdrawal's pending reservation (bettor → house withdrawals), posted or voided. Every callback
// that reaches the platform is logged, refused ones with their reason.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payment (
      id bigserial primary key,
      user_id integer not null references app_user (id),
      account_id bigint not null references ledger_account (id),
      kind text not null check (kind in ('deposit', 'withdrawal')),
      method text not null,
      amount bigint not null check (amount > 0),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      -- SPEC §3: 0 awaiting, 1 pending, 2 success, 3 failed, 4 cancelled (2–4 final)
      status_id smallint not null default 0 check (status_id between 0 and 4),
      -- the provider's transaction id, once it has answered; callbacks find the payment by it
      provider_id text unique,
      redirect_url text,
      return_base text not null,
      idempotency_key text not null,
      request_hash text not null,
      reserve_transfer_id bigint unique references ledger_transfer (id),
      credit_transfer_id bigint unique references ledger_transfer (id),
      message text not null default '',
      message_key text not null default '',
      -- on the platform's clock (the history's archive is counted on it)
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (user_id, idempotency_key),
      check (kind = 'withdrawal' or reserve_transfer_id is null),
      check (kind = 'deposit' or credit_transfer_id is null)
    )
  `.execute(db);
  await sql`create index payment_user_history_idx on payment (user_id, created_at desc, id desc)`.execute(db);

  await sql`
    create table payment_callback (
      id bigserial primary key,
      received_at timestamptz not null default now(),
      -- null when the callback named no payment of ours
      payment_id bigint references payment (id),
      provider_id text,
      event_id text,
      status text,
      verified boolean not null,
      -- applied, duplicate (same status again), ignored (after a final state), refused
      outcome text not null check (outcome in ('applied', 'duplicate', 'ignored', 'refused')),
      reason text,
      signature text,
      body text not null
    )
  `.execute(db);
  await sql`create index payment_callback_payment_idx on payment_callback (payment_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists payment_callback`.execute(db);
  await sql`drop table if exists payment`.execute(db);
}
