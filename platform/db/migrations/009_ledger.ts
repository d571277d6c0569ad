import { type Kysely, sql } from "kysely";

// The money ledger (decision 017): accounts and immutable double-entry transfers, modelled on
// TigerBeetle. Balances of bettor accounts are kept beside the transfers by a trigger in the
// inserting transaction, and a CHECK forbids a negative available balance, so no code path can
// overdraw an account. Transfers are never updated or deleted: a pending transfer is posted or
// voided by a second transfer that names it, and a correction is a new reversing transfer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_account (
      id bigserial primary key,
      kind text not null check (kind in ('bettor', 'house')),
      -- bettor accounts: the owner and SPEC §3's type (0 main, 4 bonus, 9 currency)
      user_id integer references app_user (id) on delete restrict,
      type smallint not null default 0 check (type in (0, 4, 9)),
      -- house accounts: what they hold (stakes_held, payouts, deposits, bonuses, …)
      purpose text,
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      -- TigerBeetle's debits_must_not_exceed_credits: on for every bettor account
      no_negative boolean not null,
      is_frozen boolean not null default false,
      label text not null default '',
      debits_posted bigint not null default 0 check (debits_posted >= 0),
      credits_posted bigint not null default 0 check (credits_posted >= 0),
      debits_pending bigint not null default 0 check (debits_pending >= 0),
      credits_pending bigint not null default 0 check (credits_pending >= 0),
      created_at timestamptz not null default now(),
      constraint ledger_account_owner check ((kind = 'bettor') = (user_id is not null) and (kind = 'house') = (purpose is not null)),
      constraint ledger_account_no_negative check (not no_negative or credits_posted - debits_posted - debits_pending >= 0)
    )
  `.execute(db);
  await sql`create unique index ledger_account_bettor_idx on ledger_account (user_id, type, currency) where kind = 'bettor'`.execute(db);
  await sql`create unique index ledger_account_house_idx on ledger_account (purpose, currency) where kind = 'house'`.execute(db);

  await sql`
    create table ledger_transfer (
      id bigserial primary key,
      debit_account_id bigint not null references ledger_account (id),
      credit_account_id bigint not null references ledger_account (id),
      amount bigint not null check (amount > 0),
      currency text not null,
      -- posted: moves money now; pending: reserves it; post_pending / void_pending: resolve a
      -- pending transfer (pending_id) once, for its whole amount
      flag text not null check (flag in ('posted', 'pending', 'post_pending', 'void_pending')),
      pending_id bigint references ledger_transfer (id),
      kind text not null,
      reference text not null default '',
      idempotency_key text unique,
      request_hash text,
      created_at timestamptz not null default now(),
      check (debit_account_id <> credit_account_id),
      check ((flag in ('post_pending', 'void_pending')) = (pending_id is not null))
    )
  `.execute(db);
  await sql`create unique index ledger_transfer_resolves_once on ledger_transfer (pending_id) where pending_id is not null`.execute(db);
  await sql`create index ledger_transfer_debit_idx on ledger_transfer (debit_account_id, id)`.execute(db);
  await sql`create index ledger_transfer_credit_idx on ledger_transfer (credit_account_id, id)`.execute(db);
  await sql`create index ledger_transfer_reference_idx on ledger_transfer (reference)`.execute(db);

  // Checks a new transfer and moves the balances of the bettor accounts it touches. AFTER the
  // insert, so a row that ON CONFLICT DO NOTHING skips (a duplicate key) moves nothing. House
  // accounts keep no running balance (theirs is the sum of their transfers): every bet credits
  // the same house account, and one hot row would serialise all bettors. Table names carry
  // TG_TABLE_SCHEMA because tests run many schemas on one server.
  await sql`
    create function ledger_transfer_apply() returns trigger language plpgsql as $$
    declare
      d_kind text; d_currency text; c_kind text; c_currency text;
      p_flag text; p_debit bigint; p_credit bigint; p_amount bigint;
      dp bigint := 0; dq bigint := 0; cp bigint := 0; cq bigint := 0;
    begin
      execute format('select kind, currency from %I.ledger_account where id = $1', TG_TABLE_SCHEMA) into d_kind, d_currency using new.debit_account_id;
      execute format('select kind, currency from %I.ledger_account where id = $1', TG_TABLE_SCHEMA) into c_kind, c_currency using new.credit_account_id;
      if d_currency is distinct from new.currency or c_currency is distinct from new.currency then
        raise exception 'ledger: transfer currency % differs from its accounts', new.currency using errcode = 'P0001';
      end if;
      if new.flag = 'posted' then dp := new.amount; cp := new.amount;
      elsif new.flag = 'pending' then dq := new.amount; cq := new.amount;
      else
        execute format('select flag, debit_account_id, credit_account_id, amount from %I.ledger_transfer where id = $1', TG_TABLE_SCHEMA)
          into p_flag, p_debit, p_credit, p_amount using new.pending_id;
        if p_flag is distinct from 'pending' then
          raise exception 'ledger: transfer % is not pending', new.pending_id using errcode = 'P0001';
        end if;
        if p_debit <> new.debit_account_id or p_credit <> new.credit_account_id or p_amount <> new.amount then
          raise exception 'ledger: a resolution must match its pending transfer' using errcode = 'P0001';
        end if;
        dq := -new.amount; cq := -new.amount;
        if new.flag = 'post_pending' then dp := new.amount; cp := new.amount; end if;
      end if;
      if d_kind = 'bettor' then
        execute format('update %I.ledger_account set debits_posted = debits_posted + $1, debits_pending = debits_pending + $2 where id = $3', TG_TABLE_SCHEMA)
          using dp, dq, new.debit_account_id;
      end if;
      if c_kind = 'bettor' then
        execute format('update %I.ledger_account set credits_posted = credits_posted + $1, credits_pending = credits_pending + $2 where id = $3', TG_TABLE_SCHEMA)
          using cp, cq, new.credit_account_id;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`create trigger ledger_transfer_apply after insert on ledger_transfer for each row execute function ledger_transfer_apply()`.execute(db);

  await sql`
    create function ledger_transfer_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger: transfers are immutable; correct with a reversing transfer' using errcode = 'P0001';
    end
    $$
  `.execute(db);
  await sql`create trigger ledger_transfer_no_update before update or delete on ledger_transfer for each row execute function ledger_transfer_immutable()`.execute(db);
  await sql`create trigger ledger_transfer_no_truncate before truncate on ledger_transfer for each statement execute function ledger_transfer_immutable()`.execute(db);

  // Balances move only with a transfer: a direct update of them (depth 1, not from the transfer
  // trigger) is refused.
  await sql`
    create function ledger_account_balances_guard() returns trigger language plpgsql as $$
    begin
      if pg_trigger_depth() < 2 and (new.debits_posted, new.credits_posted, new.debits_pending, new.credits_pending, new.currency)
          is distinct from (old.debits_posted, old.credits_posted, old.debits_pending, old.credits_pending, old.currency) then
        raise exception 'ledger: balances change only through transfers' using errcode = 'P0001';
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`create trigger ledger_account_balances_guard before update on ledger_account for each row execute function ledger_account_balances_guard()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ledger_transfer`.execute(db);
  await sql`drop table if exists ledger_account`.execute(db);
  await sql`drop function if exists ledger_transfer_apply()`.execute(db);
  await sql`drop function if exists ledger_transfer_immutable()`.execute(db);
  await sql`drop function if exists ledger_account_balances_guard()`.execute(db);
}
