import { type Kysely, sql } from "kysely";

// The ledger's balance trigger becomes statement-level (decision 017): it reads the inserted
// transfers as a transition table and moves each bettor account once per statement by the sum
// of its rows. Settling a game inserts thousands of payouts in a few statements; the row-level
// trigger updated one account row per transfer (and the same row again and again for a bettor
// with many coupons), which took seconds. Checks and invariants are unchanged. Numbered 011
// (this branch's number) after 011_bets.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ledger_transfer_apply on ledger_transfer`.execute(db);
  await sql`drop function ledger_transfer_apply()`.execute(db);
  await sql`
    create function ledger_transfer_apply() returns trigger language plpgsql as $$
    declare
      bad bigint;
    begin
      execute format($q$
        select t.id from new_rows t
          join %1$I.ledger_account d on d.id = t.debit_account_id
          join %1$I.ledger_account c on c.id = t.credit_account_id
         where d.currency <> t.currency or c.currency <> t.currency
         limit 1 $q$, TG_TABLE_SCHEMA) into bad;
      if bad is not null then
        raise exception 'ledger: transfer % has another currency than its accounts', bad using errcode = 'P0001';
      end if;
      execute format($q$
        select t.id from new_rows t left join %1$I.ledger_transfer p on p.id = t.pending_id
         where t.flag in ('post_pending', 'void_pending')
           and (p.id is null or p.flag <> 'pending' or p.debit_account_id <> t.debit_account_id
                or p.credit_account_id <> t.credit_account_id or p.amount <> t.amount)
         limit 1 $q$, TG_TABLE_SCHEMA) into bad;
      if bad is not null then
        raise exception 'ledger: transfer % does not resolve a matching pending transfer', bad using errcode = 'P0001';
      end if;
      -- posted: +posted; pending: +pending; post_pending: pending → posted; void_pending: −pending
      execute format($q$
        update %1$I.ledger_account a
           set debits_posted = a.debits_posted + x.dp, debits_pending = a.debits_pending + x.dq,
               credits_posted = a.credits_posted + x.cp, credits_pending = a.credits_pending + x.cq
          from (
            select account_id, sum(dp) as dp, sum(dq) as dq, sum(cp) as cp, sum(cq) as cq from (
              select debit_account_id as account_id,
                     case when flag in ('posted', 'post_pending') then amount else 0 end as dp,
                     case flag when 'pending' then amount when 'posted' then 0 else -amount end as dq,
                     0::bigint as cp, 0::bigint as cq
                from new_rows
              union all
              select credit_account_id, 0, 0,
                     case when flag in ('posted', 'post_pending') then amount else 0 end,
                     case flag when 'pending' then amount when 'posted' then 0 else -amount end
                from new_rows
            ) m group by account_id
          ) x
         where a.id = x.account_id and a.kind = 'bettor' $q$, TG_TABLE_SCHEMA);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger ledger_transfer_apply after insert on ledger_transfer
    referencing new table as new_rows for each statement execute function ledger_transfer_apply()
  `.execute(db);
}

export async function down(): Promise<void> {
  // Forward only: the row-level version of 009 is equivalent, only slower.
}
