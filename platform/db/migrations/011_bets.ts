import { type Kysely, sql } from "kysely";

// Bets (issue 14): one placement request per idempotency key with its first answer, coupons with
// their selections (the outcome, the coefficient and market version the bettor saw, the one
// accepted), promo codes with their terms, and the limits per currency and coupon type. Money
// is bigint minor units; coefficients integer hundredths as in the catalogue (migration 008).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bet_request (
      id bigserial primary key,
      user_id integer not null references app_user (id),
      idempotency_key text not null,
      request_hash text not null,
      -- the success answer, returned again for the same key and body, forever
      response jsonb not null,
      created_at timestamptz not null default now(),
      unique (user_id, idempotency_key)
    )
  `.execute(db);

  await sql`
    create table bet_coupon (
      id bigserial primary key,
      request_id bigint not null references bet_request (id),
      user_id integer not null references app_user (id),
      account_id bigint not null references ledger_account (id),
      -- SPEC §4: 0 single, 1 express, 2 system, 4 system-style; multiple singles (9) become singles
      -- sharing a request, each with group_type_id 9
      type_id smallint not null check (type_id in (0, 1, 2, 4)),
      group_type_id smallint not null,
      system_value smallint,
      amount bigint not null check (amount > 0),
      currency text not null,
      -- the combined coefficient (express product, or the system's maximum return ratio) as text
      coef text not null,
      possible_win bigint not null check (possible_win >= 0),
      -- waiting (live delay, stake pending), open, refused (after the delay), settled
      state text not null check (state in ('waiting', 'open', 'refused', 'settled')),
      status_id smallint not null default -1,
      payout bigint,
      is_live boolean not null default false,
      decide_at timestamptz,
      change_coef_action smallint not null,
      promo_code text,
      refusal jsonb,
      stake_transfer_id bigint not null references ledger_transfer (id),
      -- bumped on each (re)settlement: the key of its ledger transfers
      settlement_version integer not null default 0,
      created_at timestamptz not null default now(),
      settled_at timestamptz
    )
  `.execute(db);
  await sql`create index bet_coupon_user_idx on bet_coupon (user_id, id desc)`.execute(db);
  await sql`create index bet_coupon_waiting_idx on bet_coupon (decide_at) where state = 'waiting'`.execute(db);

  await sql`
    create table bet_selection (
      id bigserial primary key,
      coupon_id bigint not null references bet_coupon (id),
      user_id integer not null,
      outcome_id integer not null references outcome (id),
      game_id integer not null references game (id),
      market_id integer not null,
      market_type_id integer not null,
      market_version integer not null,
      period smallint not null,
      param integer,
      outcome_key text not null,
      -- hundredths: what the bettor saw and what was accepted
      seen_coef integer not null,
      coef integer not null check (coef >= 101),
      is_banker boolean not null default false,
      is_live boolean not null default false,
      status_id smallint not null default -1 check (status_id between -2 and 6),
      settled_at timestamptz
    )
  `.execute(db);
  await sql`create index bet_selection_coupon_idx on bet_selection (coupon_id)`.execute(db);
  await sql`create index bet_selection_game_idx on bet_selection (game_id)`.execute(db);
  await sql`create index bet_selection_user_outcome_idx on bet_selection (user_id, outcome_id)`.execute(db);

  await sql`
    create table promo_code (
      code text primary key check (code ~ '^[A-Z0-9_-]{3,32}$'),
      -- extra percent of the winnings on a winning coupon (paid in the same payout transfer)
      boost_percent smallint not null check (boost_percent between 0 and 100),
      min_coef integer not null default 101,
      coupon_types smallint[] not null default '{0,1,2}',
      valid_from timestamptz not null default now(),
      valid_to timestamptz,
      max_uses integer,
      uses integer not null default 0,
      active boolean not null default true
    )
  `.execute(db);
  await sql`
    create table promo_code_use (
      code text not null references promo_code (code),
      user_id integer not null references app_user (id),
      coupon_id bigint not null references bet_coupon (id),
      primary key (code, user_id)
    )
  `.execute(db);

  // '*' is every currency without a row of its own; amounts are minor units of that currency.
  await sql`
    create table bet_limit (
      currency text not null,
      type_id smallint not null,
      min_amount bigint not null,
      max_amount bigint not null,
      max_payout bigint not null,
      primary key (currency, type_id)
    )
  `.execute(db);
  await sql`
    insert into bet_limit (currency, type_id, min_amount, max_amount, max_payout) values
      ('*', 0, 1000, 10000000, 100000000),
      ('*', 1, 1000, 5000000, 100000000),
      ('*', 2, 1000, 5000000, 100000000),
      ('*', 4, 1000, 5000000, 100000000),
      ('*', 9, 1000, 10000000, 100000000)
  `.execute(db);
  // The most one bettor may win on one outcome, summed over their open coupons.
  await sql`
    create table bet_outcome_limit (
      currency text primary key,
      max_payout bigint not null
    )
  `.execute(db);
  await sql`insert into bet_outcome_limit (currency, max_payout) values ('*', 200000000)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["bet_outcome_limit", "bet_limit", "promo_code_use", "promo_code", "bet_selection", "bet_coupon", "bet_request"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
