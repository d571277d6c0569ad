import { type Kysely, sql } from "kysely";

// The ledger's statement trigger (migration 011) with static SQL: PL/pgSQL plans a static
// statement once per connection and reuses it, where EXECUTE format(...) parsed and planned its
// three statements on every transfer insert. The function's search_path is pinned to the schema
// it was created in, so it always reads its own schema's tables (tests run many schemas on one
// server, which is why 011 named TG_TABLE_SCHEMA in each statement).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_transfer_apply() returns trigger language plpgsql
    set search_path from current as $$
    declare
      bad bigint;
    begin
      select t.id into bad from new_rows t
        join ledger_account d on d.id = t.debit_account_id
        join ledger_account c on c.id = t.credit_account_id
       where d.currency <> t.currency or c.currency <> t.currency
       limit 1;
      if bad is not null then
        raise exception 'ledger: transfer % has another currency than its accounts', bad using errcode = 'P0001';
      end if;
      select t.id into bad from new_rows t left join ledger_transfer p on p.id = t.pending_id
       where t.flag in ('post_pending', 'void_pending')
         and (p.id is null or p.flag <> 'pending' or p.debit_account_id <> t.debit_account_id
              or p.credit_account_id <> t.credit_account_id or p.amount <> t.amount)
       limit 1;
      if bad is not null then
        raise exception 'ledger: transfer % does not resolve a matching pending transfer', bad using errcode = 'P0001';
      end if;
      -- posted: +posted; pending: +pending; post_pending: pending → posted; void_pending: −pending
      update ledger_account a
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
       where a.id = x.account_id and a.kind = 'bettor';
      return null;
    end
    $$
  `.execute(db);
}

export async function down(): Promise<void> {
  // Forward only: 011's dynamic version is equivalent, only slower.
}
