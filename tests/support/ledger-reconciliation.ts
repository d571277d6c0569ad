// The ledger reconciled from the outside (issue 32): plain SQL over the tables, written apart from
// the platform's ledger code (platform/domain/ledger.ts, settlement.ts), so a bug there cannot
// hide itself. Each check is one query that returns the rows breaking a rule, none when the books
// are right. The tests run them after every test that moves money (through the platform's
// read-only /__test/sql hook, on PGlite and PostgreSQL alike); `npm run ledger:check` runs them
// against a database folder or URL for an operator.
//
// The rules, in the ledger's own terms (decision 017): a transfer moves `amount` from its debit
// account to its credit account; `posted` moves it now, `pending` reserves it until a
// `post_pending` (moves it) or a `void_pending` (releases it) names it once. A bettor account keeps
// its four running totals beside the transfers; a house account keeps none (its balance is the sum
// of its transfers) and is reconciled instead against what it holds: stakes_held the stakes of
// open coupons, payouts what the house paid beyond the stakes it kept, receivables what bettors
// owe after a correction took back winnings they had spent, withdrawals the payouts the payment
// provider confirmed (and reserves those it has not answered yet). Each payment through the
// provider (issue 34) has its money where its status says: a successful deposit one credit of its
// amount, a withdrawal its reservation, resolved exactly when the payment is final. A debt is
// repaid only from a successful deposit, by one transfer bettor → receivables per deposit, split
// over the debts it repaid (decision 019), so receivables still hold exactly what is owed.

export interface LedgerCheck {
  name: string;
  /** What the check holds to, for the report. */
  rule: string;
  sql: string;
}

/**
 * Each account's totals worked out from its transfers alone: posted debits and credits (posted
 * transfers and posted pendings) and pending debits and credits still unresolved.
 */
const FROM_TRANSFERS = `
  with resolved as (
    select pending_id, flag from ledger_transfer where pending_id is not null
  ),
  moves as (
    select t.debit_account_id as account_id,
           case when t.flag in ('posted', 'post_pending') then t.amount else 0 end as debit_posted,
           0::bigint as credit_posted,
           case when t.flag = 'pending' and not exists (select 1 from resolved r where r.pending_id = t.id) then t.amount else 0 end as debit_pending,
           0::bigint as credit_pending
      from ledger_transfer t
    union all
    select t.credit_account_id,
           0,
           case when t.flag in ('posted', 'post_pending') then t.amount else 0 end,
           0,
           case when t.flag = 'pending' and not exists (select 1 from resolved r where r.pending_id = t.id) then t.amount else 0 end
      from ledger_transfer t
  ),
  computed as (
    select a.id, a.kind, a.purpose, a.currency, a.no_negative,
           a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending,
           coalesce(sum(m.debit_posted), 0)::bigint as c_debits_posted,
           coalesce(sum(m.credit_posted), 0)::bigint as c_credits_posted,
           coalesce(sum(m.debit_pending), 0)::bigint as c_debits_pending,
           coalesce(sum(m.credit_pending), 0)::bigint as c_credits_pending
      from ledger_account a left join moves m on m.account_id = a.id
     group by a.id
  )`;

/** The transfers each coupon's money should have: its stake, its payouts and their reversals. */
const COUPON_MONEY = `
  with money as (
    select c.id, c.state, c.amount, c.currency, c.account_id, coalesce(c.payout, 0) as payout,
           coalesce((select sum(t.amount) from ledger_transfer t
                      where t.kind = 'bet_payout' and t.reference = 'coupon:' || c.id and t.credit_account_id = c.account_id), 0) as paid,
           coalesce((select sum(t.amount) from ledger_transfer t
                      where t.kind = 'bet_payout_reversal' and t.reference = 'coupon:' || c.id and t.debit_account_id = c.account_id), 0) as reversed,
           coalesce((select sum(t.amount) from ledger_transfer t where t.kind = 'bet_payout_owed' and t.reference = 'coupon:' || c.id), 0) as owed,
           (select count(*) from ledger_transfer t where t.kind in ('bet_payout', 'bet_payout_reversal') and t.reference = 'coupon:' || c.id
               and c.account_id not in (t.debit_account_id, t.credit_account_id)) as elsewhere
      from bet_coupon c
  )`;

/** Where each kind of transfer may take money from and to: an unknown kind is a money path the audit has not learned. */
const PATHS = `
  (values ('deposit', 'house:deposits', 'bettor'),
          ('bet_stake', 'bettor', 'house:stakes_held'),
          ('bet_stake_release', 'house:stakes_held', 'house:payouts'),
          ('bet_payout', 'house:payouts', 'bettor'),
          ('bet_payout_reversal', 'bettor', 'house:payouts'),
          ('bet_payout_owed', 'house:receivables', 'house:payouts'),
          ('payment_deposit', 'house:deposits', 'bettor'),
          ('payment_withdrawal', 'bettor', 'house:withdrawals'),
          ('debt_repayment', 'bettor', 'house:receivables')) as p(kind, debit, credit)`;

const side = (alias: string) => `case when ${alias}.kind = 'bettor' then 'bettor' else 'house:' || ${alias}.purpose end`;

export const LEDGER_CHECKS: LedgerCheck[] = [
  {
    name: "bettor_totals",
    rule: "a bettor account's four stored totals equal the sums of its transfers",
    sql: `${FROM_TRANSFERS}
      select id, currency, debits_posted, c_debits_posted, credits_posted, c_credits_posted, debits_pending, c_debits_pending, credits_pending, c_credits_pending
        from computed
       where kind = 'bettor'
         and (debits_posted, credits_posted, debits_pending, credits_pending) is distinct from (c_debits_posted, c_credits_posted, c_debits_pending, c_credits_pending)`,
  },
  {
    name: "house_totals_unused",
    rule: "a house account stores no running totals (its balance is its transfers'; one hot row would serialise every bet)",
    sql: `select id, purpose, currency, debits_posted, credits_posted, debits_pending, credits_pending
            from ledger_account
           where kind = 'house' and (debits_posted, credits_posted, debits_pending, credits_pending) <> (0, 0, 0, 0)`,
  },
  {
    name: "bettor_not_negative",
    rule: "no bettor account is below zero: its posted credits cover its posted and pending debits",
    sql: `${FROM_TRANSFERS}
      select id, currency, no_negative, c_credits_posted - c_debits_posted - c_debits_pending as available
        from computed
       where kind = 'bettor' and (not no_negative or c_credits_posted - c_debits_posted - c_debits_pending < 0)`,
  },
  {
    name: "currency_sums_to_zero",
    rule: "over every account, bettor (stored) and house (from transfers), each currency's posted balances sum to zero",
    sql: `${FROM_TRANSFERS}
      select currency, sum(case when kind = 'bettor' then credits_posted - debits_posted else c_credits_posted - c_debits_posted end) as total,
             sum(case when kind = 'bettor' then credits_pending - debits_pending else c_credits_pending - c_debits_pending end) as pending
        from computed
       group by currency
      having sum(case when kind = 'bettor' then credits_posted - debits_posted else c_credits_posted - c_debits_posted end) <> 0
          or sum(case when kind = 'bettor' then credits_pending - debits_pending else c_credits_pending - c_debits_pending end) <> 0`,
  },
  {
    name: "transfer_accounts",
    rule: "every transfer joins two different existing accounts of its own currency, for a positive amount",
    sql: `select t.id, t.debit_account_id, t.credit_account_id, t.currency, d.currency as debit_currency, c.currency as credit_currency, t.amount
            from ledger_transfer t
            left join ledger_account d on d.id = t.debit_account_id
            left join ledger_account c on c.id = t.credit_account_id
           where d.id is null or c.id is null or d.currency <> t.currency or c.currency <> t.currency
              or t.debit_account_id = t.credit_account_id or t.amount <= 0`,
  },
  {
    name: "pending_resolutions",
    rule: "a post or void names one pending transfer, with its accounts, amount and currency, and a pending is resolved at most once",
    sql: `select r.id, r.flag, r.pending_id, p.flag as pending_flag
            from ledger_transfer r
            left join ledger_transfer p on p.id = r.pending_id
           where r.flag in ('post_pending', 'void_pending')
             and (p.id is null or p.flag <> 'pending' or p.debit_account_id <> r.debit_account_id or p.credit_account_id <> r.credit_account_id
                  or p.amount <> r.amount or p.currency <> r.currency
                  or (select count(*) from ledger_transfer x where x.pending_id = r.pending_id) <> 1)`,
  },
  {
    name: "transfer_paths",
    rule: "each kind of transfer moves money only along its path (deposits → bettor → stakes_held → payouts → bettor, bettor → withdrawals); an unknown kind fails",
    sql: `select t.id, t.kind, ${side("d")} as debit, ${side("c")} as credit
            from ledger_transfer t
            join ledger_account d on d.id = t.debit_account_id
            join ledger_account c on c.id = t.credit_account_id
           where not exists (select 1 from ${PATHS} where p.kind = t.kind and p.debit = ${side("d")} and p.credit = ${side("c")})`,
  },
  {
    name: "coupon_stake",
    rule: "each coupon's stake transfer takes its amount from its account into stakes_held, and is where its state says: reserved while it waits, moved once open or settled, released when refused",
    sql: `select c.id, c.state, c.amount, t.amount as transfer_amount, t.flag, r.flag as resolution
            from bet_coupon c
            left join ledger_transfer t on t.id = c.stake_transfer_id
            left join ledger_account h on h.id = t.credit_account_id
            left join ledger_transfer r on r.pending_id = t.id
           where t.id is null or t.kind <> 'bet_stake' or t.debit_account_id <> c.account_id or t.amount <> c.amount or t.currency <> c.currency
              or h.kind <> 'house' or h.purpose <> 'stakes_held'
              or not coalesce(case c.state
                                when 'waiting' then t.flag = 'pending' and r.id is null
                                when 'approval' then t.flag = 'pending' and r.id is null
                                when 'open' then t.flag = 'posted' or r.flag = 'post_pending'
                                when 'settled' then t.flag = 'posted' or r.flag = 'post_pending'
                                when 'refused' then t.flag = 'pending' and r.flag = 'void_pending'
                                else false
                              end, false)`,
  },
  {
    name: "coupon_payout",
    rule: "each coupon's payouts less their reversals (taken back, or owed by the bettor) are its payout once settled, nothing before; all to its own account",
    sql: `${COUPON_MONEY}
      select id, state, payout, paid, reversed, owed, elsewhere
        from money
       where elsewhere > 0 or paid - reversed - owed <> case when state = 'settled' then payout else 0 end`,
  },
  {
    name: "house_stakes_held",
    rule: "stakes_held holds the stakes of open coupons, and reserves those of coupons waiting for their delay or an approval",
    sql: `${FROM_TRANSFERS}
      select h.currency, h.c_credits_posted - h.c_debits_posted as held, coalesce(b.open, 0) as open_stakes,
             h.c_credits_pending as reserved, coalesce(b.waiting, 0) as waiting_stakes
        from computed h
        left join (select currency, sum(amount) filter (where state = 'open') as open,
                          sum(amount) filter (where state in ('waiting', 'approval')) as waiting
                     from bet_coupon group by currency) b on b.currency = h.currency
       where h.kind = 'house' and h.purpose = 'stakes_held'
         and (h.c_credits_posted - h.c_debits_posted <> coalesce(b.open, 0) or h.c_credits_pending <> coalesce(b.waiting, 0))`,
  },
  {
    name: "house_payouts",
    rule: "payouts holds, for every settled coupon, its stake less its payout (what the house won or paid beyond the stake)",
    sql: `${FROM_TRANSFERS}
      select h.currency, h.c_credits_posted - h.c_debits_posted as balance, coalesce(b.kept, 0) as kept
        from computed h
        left join (select currency, sum(amount - coalesce(payout, 0)) as kept from bet_coupon where state = 'settled' group by currency) b on b.currency = h.currency
       where h.kind = 'house' and h.purpose = 'payouts' and h.c_credits_posted - h.c_debits_posted <> coalesce(b.kept, 0)`,
  },
  {
    name: "bettor_debts",
    rule: "each debt a bettor owes was advanced by one receivables → payouts transfer of its amount, for its coupon, in its currency",
    sql: `select d.id, d.coupon_id, d.amount, t.amount as transfer_amount, t.kind, t.reference
            from bettor_debt d
            left join ledger_transfer t on t.id = d.transfer_id
            left join bet_coupon c on c.id = d.coupon_id
           where t.id is null or t.kind <> 'bet_payout_owed' or t.amount <> d.amount or t.currency <> d.currency
              or t.reference <> 'coupon:' || d.coupon_id or c.account_id <> d.account_id
           union all
          select null, null, null, t.amount, t.kind, t.reference
            from ledger_transfer t
           where t.kind = 'bet_payout_owed' and not exists (select 1 from bettor_debt d where d.transfer_id = t.id)`,
  },
  {
    name: "house_receivables",
    rule: "receivables has advanced exactly what bettors still owe",
    sql: `${FROM_TRANSFERS}
      select h.currency, h.c_debits_posted - h.c_credits_posted as advanced, coalesce(b.owed, 0) as owed
        from computed h
        left join (select currency, sum(amount - collected) as owed from bettor_debt group by currency) b on b.currency = h.currency
       where h.kind = 'house' and h.purpose = 'receivables' and h.c_debits_posted - h.c_credits_posted <> coalesce(b.owed, 0)`,
  },
  {
    name: "payment_deposit_credit",
    rule: "each successful deposit payment has exactly one credit of its amount, from deposits to its own account, and is the transfer it names; any other deposit payment has none",
    sql: `select p.id, p.status_id, p.amount, p.credit_transfer_id,
                 count(t.id) as credits, coalesce(sum(t.amount), 0) as credited,
                 count(t.id) filter (where t.credit_account_id <> p.account_id or t.currency <> p.currency or t.flag <> 'posted' or t.id <> coalesce(p.credit_transfer_id, -1)) as misplaced
            from payment p
            left join ledger_transfer t on t.kind = 'payment_deposit' and t.reference = 'payment:' || p.id
           where p.kind = 'deposit'
           group by p.id
          having case when p.status_id = 2 then count(t.id) <> 1 or coalesce(sum(t.amount), 0) <> p.amount
                      else count(t.id) <> 0 or p.credit_transfer_id is not null end
              or count(t.id) filter (where t.credit_account_id <> p.account_id or t.currency <> p.currency or t.flag <> 'posted' or t.id <> coalesce(p.credit_transfer_id, -1)) > 0`,
  },
  {
    name: "payment_withdrawal_reservation",
    rule: "each withdrawal payment reserved its amount from its own account into withdrawals, once; the reservation is posted when it succeeded, voided when it failed or was cancelled, and unresolved while it waits",
    sql: `select p.id, p.status_id, p.amount, t.id as reservation, t.amount as reserved, t.flag, r.flag as resolution,
                 (select count(*) from ledger_transfer x where x.kind = 'payment_withdrawal' and x.flag = 'pending' and x.reference = 'payment:' || p.id) as reservations
            from payment p
            left join ledger_transfer t on t.id = p.reserve_transfer_id
            left join ledger_account h on h.id = t.credit_account_id
            left join ledger_transfer r on r.pending_id = t.id
           where p.kind = 'withdrawal'
             and (t.id is null or t.kind <> 'payment_withdrawal' or t.flag <> 'pending' or t.amount <> p.amount or t.currency <> p.currency
                  or t.debit_account_id <> p.account_id or h.kind <> 'house' or h.purpose <> 'withdrawals' or t.reference <> 'payment:' || p.id
                  or (select count(*) from ledger_transfer x where x.kind = 'payment_withdrawal' and x.flag = 'pending' and x.reference = 'payment:' || p.id) <> 1
                  or not coalesce(case p.status_id
                                    when 0 then r.id is null
                                    when 1 then r.id is null
                                    when 2 then r.flag = 'post_pending'
                                    when 3 then r.flag = 'void_pending'
                                    when 4 then r.flag = 'void_pending'
                                    else false
                                  end, false))`,
  },
  {
    name: "payment_transfers_have_payments",
    rule: "every payment transfer belongs to a payment of its kind (no money came in or went out beside a payment); a debt's repayment to a deposit",
    sql: `select t.id, t.kind, t.reference
            from ledger_transfer t
           where t.kind in ('payment_deposit', 'payment_withdrawal', 'debt_repayment')
             and not exists (select 1 from payment p
                              where t.reference = 'payment:' || p.id
                                and p.kind = case t.kind when 'payment_withdrawal' then 'withdrawal' else 'deposit' end)`,
  },
  {
    name: "debt_repayments",
    rule: "a deposit's part that repaid debts is its one repayment transfer, at most its amount, and only once it succeeded; the repayment leaves the account the deposit credited",
    sql: `select p.id, p.status_id, p.amount, p.debt_repaid, count(t.id) as transfers, coalesce(sum(t.amount), 0) as repaid
            from payment p
            left join ledger_transfer t on t.kind = 'debt_repayment' and t.reference = 'payment:' || p.id
           group by p.id
          having p.debt_repaid <> coalesce(sum(t.amount), 0) or p.debt_repaid > p.amount or count(t.id) > 1
              or (p.status_id <> 2 and count(t.id) > 0)
              or count(t.id) filter (where t.debit_account_id <> p.account_id or t.currency <> p.currency or t.flag <> 'posted') > 0`,
  },
  {
    name: "debt_collections",
    rule: "each repayment is split over the debts it repaid, each part within the debt's own account and currency, and each debt has collected exactly its parts",
    sql: `select k.debt_id as id, k.payment_id, k.amount, t.kind, t.reference
            from bettor_debt_collection k
            join bettor_debt d on d.id = k.debt_id
            left join ledger_transfer t on t.id = k.transfer_id
           where t.id is null or t.kind <> 'debt_repayment' or t.debit_account_id <> d.account_id or t.currency <> d.currency
              or t.reference <> 'payment:' || k.payment_id
           union all
          select t.id, null, t.amount, t.kind, t.reference
            from ledger_transfer t
           where t.kind = 'debt_repayment'
             and t.amount <> coalesce((select sum(k.amount) from bettor_debt_collection k where k.transfer_id = t.id), 0)
           union all
          select d.id, null, d.collected, 'bettor_debt', null
            from bettor_debt d
           where d.collected <> coalesce((select sum(k.amount) from bettor_debt_collection k where k.debt_id = d.id), 0)`,
  },
  {
    name: "house_withdrawals",
    rule: "withdrawals holds the amounts of successful withdrawal payments, and reserves those still waiting for the provider",
    sql: `${FROM_TRANSFERS}
      select h.currency, h.c_credits_posted - h.c_debits_posted as paid_out, coalesce(b.done, 0) as succeeded,
             h.c_credits_pending as reserved, coalesce(b.waiting, 0) as waiting
        from computed h
        left join (select currency, sum(amount) filter (where status_id = 2) as done,
                          sum(amount) filter (where status_id in (0, 1)) as waiting
                     from payment where kind = 'withdrawal' group by currency) b on b.currency = h.currency
       where h.kind = 'house' and h.purpose = 'withdrawals'
         and (h.c_credits_posted - h.c_debits_posted <> coalesce(b.done, 0) or h.c_credits_pending <> coalesce(b.waiting, 0))`,
  },
  {
    name: "coupons_without_house",
    rule: "a currency with coupons has its stakes_held account (every stake went somewhere)",
    sql: `select distinct c.currency from bet_coupon c
           where not exists (select 1 from ledger_account h where h.kind = 'house' and h.purpose = 'stakes_held' and h.currency = c.currency)`,
  },
];

export interface LedgerDifference {
  check: string;
  rule: string;
  rows: Record<string, unknown>[];
}

/** Runs every check through `query` (a read-only SQL runner); the checks that found rows, with them. */
export async function reconcileLedger(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<LedgerDifference[]> {
  const out: LedgerDifference[] = [];
  for (const check of LEDGER_CHECKS) {
    const rows = await query(check.sql);
    if (rows.length) out.push({ check: check.name, rule: check.rule, rows: rows.slice(0, 20) });
  }
  return out;
}

/** The differences as lines for a person: the rule broken, then up to 20 rows of it. */
export function describeDifferences(differences: LedgerDifference[]): string {
  return differences
    .map((d) => [`${d.check}: ${d.rule}`, ...d.rows.map((r) => `  ${JSON.stringify(r, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v))}`)].join("\n"))
    .join("\n");
}

/** The checks run through a platform's /__test/sql hook (PLATFORM_TEST_HOOKS=1). */
export async function reconcileThroughPlatform(platformUrl: string): Promise<LedgerDifference[]> {
  return reconcileLedger(async (query) => {
    const res = await fetch(`${platformUrl}/__test/sql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sql: query }) });
    const text = await res.text();
    if (!res.ok) throw new Error(`the ledger check's query failed: ${res.status} ${text}`);
    return (JSON.parse(text) as { rows: Record<string, unknown>[] }).rows;
  });
}

/** Fails with every difference the reconciliation finds on the platform at `platformUrl`. */
export async function expectLedgerReconciled(platformUrl: string): Promise<void> {
  const differences = await reconcileThroughPlatform(platformUrl);
  if (differences.length) throw new Error(`the ledger does not reconcile:\n${describeDifferences(differences)}`);
}
