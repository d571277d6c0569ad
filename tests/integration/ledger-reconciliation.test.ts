import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrate } from "../../platform/db/index.ts";
import { LEDGER_CHECKS, reconcileLedger } from "../support/ledger-reconciliation";
import { type FreshDb, freshDb } from "../support/fresh-db";
import { databases } from "../support/stack";

// The ledger's independent reconciliation (tests/support/ledger-reconciliation.ts) checked on a
// book written here in plain SQL: right, it finds nothing; with each fault put in by hand (the
// database's own guards switched off, as a bug or a hand edit would get past them), the check
// for that fault finds it. An oracle that cannot fail would pass every money test whatever the
// platform did.

describe.each(databases)("the ledger reconciliation on %s", (kind) => {
  let handle: FreshDb;
  const run = (text: string) => sql.raw(text).execute(handle.db);
  const one = async <T>(text: string) => (await sql.raw(text).execute(handle.db)).rows[0] as T;
  const found = async () => (await reconcileLedger(async (q) => (await sql.raw(q).execute(handle.db)).rows as Record<string, unknown>[])).map((d) => d.check);

  beforeAll(async () => {
    handle = await freshDb(kind, "recon");
    await migrate(handle.db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  // A small book, in the shapes the platform writes: two bettors funded with 10,000 and 5,000;
  // bettor 1 has an open prematch coupon of 1,000, a coupon settled won (2,000 at 2.50 → 5,000),
  // a settled lost one (500), a live coupon waiting in its delay (300) and one refused after it
  // (200); bettor 2 had a win of 1,000 → 1,800 corrected to a loss (paid, then reversed), and a
  // win of 500 → 1,500 corrected to a loss after spending all but 300 of it: 300 taken back,
  // 1,200 owed (advanced by receivables).
  let ids: { b1: number; b2: number; deposits: number; held: number; payouts: number; receivables: number; open: number; won: number; debt: number };
  beforeEach(async () => {
    await run(`truncate payment_callback, payment, bettor_debt, bet_selection, bet_coupon, bet_request, ledger_account, app_user restart identity cascade`).catch(async () => {
      // Transfers refuse truncate (they are immutable): rebuild the schema's tables instead.
      await run(`alter table ledger_transfer disable trigger ledger_transfer_no_truncate`);
      await run(`truncate payment_callback, payment, bettor_debt, ledger_transfer, bet_selection, bet_coupon, bet_request, ledger_account, app_user restart identity cascade`);
      await run(`alter table ledger_transfer enable trigger ledger_transfer_no_truncate`);
    });
    const u1 = (await one<{ id: number }>(`insert into app_user (login, currency) values ('recon-1', 'RUB') returning id`)).id;
    const u2 = (await one<{ id: number }>(`insert into app_user (login, currency) values ('recon-2', 'RUB') returning id`)).id;
    const account = async (sqlText: string) => Number((await one<{ id: string }>(sqlText)).id);
    const b1 = await account(`insert into ledger_account (kind, user_id, type, currency, no_negative) values ('bettor', ${u1}, 0, 'RUB', true) returning id`);
    const b2 = await account(`insert into ledger_account (kind, user_id, type, currency, no_negative) values ('bettor', ${u2}, 0, 'RUB', true) returning id`);
    const deposits = await account(`insert into ledger_account (kind, purpose, currency, no_negative) values ('house', 'deposits', 'RUB', false) returning id`);
    const held = await account(`insert into ledger_account (kind, purpose, currency, no_negative) values ('house', 'stakes_held', 'RUB', false) returning id`);
    const payouts = await account(`insert into ledger_account (kind, purpose, currency, no_negative) values ('house', 'payouts', 'RUB', false) returning id`);
    const receivables = await account(`insert into ledger_account (kind, purpose, currency, no_negative) values ('house', 'receivables', 'RUB', false) returning id`);
    const move = async (debit: number, credit: number, amount: number, kind: string, flag = "posted", reference = "", pending: number | null = null) =>
      Number(
        (
          await one<{ id: string }>(
            `insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, pending_id, kind, reference)
             values (${debit}, ${credit}, ${amount}, 'RUB', '${flag}', ${pending ?? "null"}, '${kind}', '${reference}') returning id`,
          )
        ).id,
      );
    await move(deposits, b1, 10_000, "deposit");
    await move(deposits, b2, 5_000, "deposit");
    let request = 0;
    const coupon = async (user: number, accountId: number, amount: number, state: string, stakeTransfer: number, payout: number | null = null) => {
      request++;
      const r = (await one<{ id: string }>(`insert into bet_request (user_id, idempotency_key, request_hash, response) values (${user}, 'k${request}', 'h', '{}') returning id`)).id;
      return Number(
        (
          await one<{ id: string }>(
            `insert into bet_coupon (request_id, user_id, account_id, type_id, group_type_id, amount, currency, coef, possible_win, state, payout, change_coef_action, stake_transfer_id)
             values (${r}, ${user}, ${accountId}, 0, 0, ${amount}, 'RUB', '2.50', ${amount * 2}, '${state}', ${payout ?? "null"}, 0, ${stakeTransfer}) returning id`,
          )
        ).id,
      );
    };
    const open = await coupon(u1, b1, 1_000, "open", await move(b1, held, 1_000, "bet_stake"));
    const won = await coupon(u1, b1, 2_000, "settled", await move(b1, held, 2_000, "bet_stake"), 5_000);
    const lost = await coupon(u1, b1, 500, "settled", await move(b1, held, 500, "bet_stake"), 0);
    await coupon(u1, b1, 300, "waiting", await move(b1, held, 300, "bet_stake", "pending"));
    const refusedStake = await move(b1, held, 200, "bet_stake", "pending");
    await coupon(u1, b1, 200, "refused", refusedStake);
    await move(b1, held, 200, "bet_stake", "void_pending", "", refusedStake);
    const corrected = await coupon(u2, b2, 1_000, "settled", await move(b2, held, 1_000, "bet_stake"), 0);
    await move(held, payouts, 2_000 + 500 + 1_000, "bet_stake_release");
    await move(payouts, b1, 5_000, "bet_payout", "posted", `coupon:${won}`);
    await move(payouts, b2, 1_800, "bet_payout", "posted", `coupon:${corrected}`);
    await move(b2, payouts, 1_800, "bet_payout_reversal", "posted", `coupon:${corrected}`);
    // Bettor 2 now holds 3,200: a 1,500 win, then all but 300 staked on a coupon still open.
    const spent = await coupon(u2, b2, 500, "settled", await move(b2, held, 500, "bet_stake"), 0);
    await move(held, payouts, 500, "bet_stake_release");
    await move(payouts, b2, 1_500, "bet_payout", "posted", `coupon:${spent}`);
    await coupon(u2, b2, 3_900, "open", await move(b2, held, 3_900, "bet_stake"));
    await move(b2, payouts, 300, "bet_payout_reversal", "posted", `coupon:${spent}`);
    const advanced = await move(receivables, payouts, 1_200, "bet_payout_owed", "posted", `coupon:${spent}`);
    const debt = Number((await one<{ id: string }>(`insert into bettor_debt (user_id, account_id, currency, coupon_id, transfer_id, amount) values (${u2}, ${b2}, 'RUB', ${spent}, ${advanced}, 1200) returning id`)).id);
    void lost;
    ids = { b1, b2, deposits, held, payouts, receivables, open, won, debt };
  });

  const withoutGuards = async (work: () => Promise<unknown>) => {
    await run(`alter table ledger_account disable trigger ledger_account_balances_guard`);
    await run(`alter table ledger_transfer disable trigger ledger_transfer_apply`);
    await run(`alter table ledger_transfer disable trigger ledger_transfer_no_update`);
    try {
      await work();
    } finally {
      await run(`alter table ledger_account enable trigger ledger_account_balances_guard`);
      await run(`alter table ledger_transfer enable trigger ledger_transfer_apply`);
      await run(`alter table ledger_transfer enable trigger ledger_transfer_no_update`);
    }
  };

  it("finds nothing in a book that is right", async () => {
    expect(await found()).toEqual([]);
    // The bettors' stored balances are what the story above says: 10,000 − 1,000 − 2,000 − 500
    // − 300 (reserved) + 5,000, and 5,000 − 1,000 + 1,800 − 1,800.
    const b1 = await one<{ p: string; q: string }>(`select credits_posted - debits_posted as p, debits_pending as q from ledger_account where id = ${ids.b1}`);
    expect([Number(b1.p), Number(b1.q)]).toEqual([11_500, 300]);
  });

  it("finds a bettor's stored balance that drifted from its transfers, and the currency no longer summing to zero", async () => {
    await withoutGuards(() => run(`update ledger_account set credits_posted = credits_posted + 1 where id = ${ids.b1}`));
    expect(await found()).toEqual(expect.arrayContaining(["bettor_totals", "currency_sums_to_zero"]));
  });

  it("finds a house account that started keeping a running balance", async () => {
    await withoutGuards(() => run(`update ledger_account set credits_posted = 1 where id = ${ids.held}`));
    expect(await found()).toContain("house_totals_unused");
  });

  it("finds an overdrawn bettor account and one allowed to go negative", async () => {
    await withoutGuards(async () => {
      await run(`alter table ledger_account drop constraint ledger_account_no_negative`);
      await run(`insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind) values (${ids.b2}, ${ids.held}, 9000, 'RUB', 'posted', 'bet_stake')`);
      await run(`update ledger_account set debits_posted = debits_posted + 9000 where id = ${ids.b2}`);
    });
    expect(await found()).toContain("bettor_not_negative");
    await run(`alter table ledger_account add constraint ledger_account_no_negative check (not no_negative or credits_posted - debits_posted - debits_pending >= 0) not valid`);
    await run(`update ledger_account set no_negative = false where id = ${ids.b1}`);
    const rows = (await reconcileLedger(async (q) => (await sql.raw(q).execute(handle.db)).rows as Record<string, unknown>[])).find((d) => d.check === "bettor_not_negative")!.rows;
    expect(rows.map((r) => Number(r.id)).sort()).toEqual([ids.b1, ids.b2].sort());
  });

  it("finds a transfer across currencies, and a pending resolved twice or for another amount", async () => {
    await withoutGuards(async () => {
      const usd = Number((await one<{ id: string }>(`insert into ledger_account (kind, purpose, currency, no_negative) values ('house', 'deposits', 'USD', false) returning id`)).id);
      await run(`insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind) values (${usd}, ${ids.b1}, 5, 'RUB', 'posted', 'deposit')`);
      await run(`update ledger_account set credits_posted = credits_posted + 5 where id = ${ids.b1}`);
      const waiting = await one<{ id: string }>(`select id from ledger_transfer where flag = 'pending' and amount = 300`);
      await run(`drop index ledger_transfer_resolves_once`);
      await run(`insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, pending_id, kind) values (${ids.b1}, ${ids.held}, 299, 'RUB', 'post_pending', ${waiting.id}, 'bet_stake')`);
      await run(`insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, pending_id, kind) values (${ids.b1}, ${ids.held}, 300, 'RUB', 'void_pending', ${waiting.id}, 'bet_stake')`);
    });
    expect(await found()).toEqual(expect.arrayContaining(["transfer_accounts", "pending_resolutions"]));
    await run(`create unique index ledger_transfer_resolves_once on ledger_transfer (pending_id) where pending_id is not null`).catch(() => undefined);
  });

  it("finds money moved along a path no kind of transfer takes, and a kind it does not know", async () => {
    // Both through the ledger's own trigger: the balances stay right, only the path is wrong.
    await run(`insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind) values (${ids.deposits}, ${ids.b2}, 50, 'RUB', 'posted', 'bet_payout')`);
    expect(await found()).toEqual(["transfer_paths"]);
    await run(`insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind) values (${ids.deposits}, ${ids.b2}, 50, 'RUB', 'posted', 'gift')`);
    const rows = (await reconcileLedger(async (q) => (await sql.raw(q).execute(handle.db)).rows as Record<string, unknown>[]))[0]!.rows;
    expect(rows.map((r) => r.kind)).toEqual(["bet_payout", "gift"]);
  });

  it("finds a coupon whose stake transfer is not its amount, or not where its state says", async () => {
    await run(`update bet_coupon set amount = amount + 1 where id = ${ids.open}`);
    expect(await found()).toEqual(expect.arrayContaining(["coupon_stake", "house_stakes_held"]));
    await run(`update bet_coupon set amount = amount - 1, state = 'waiting' where id = ${ids.open}`);
    expect(await found()).toEqual(expect.arrayContaining(["coupon_stake", "house_stakes_held"]));
    // A waiting coupon (stake reserved, unresolved) marked open or refused: its stake is not where the state says.
    await run(`update bet_coupon set state = 'open' where id = ${ids.open}`);
    await run(`update bet_coupon set state = 'open' where state = 'waiting'`);
    expect(await found()).toEqual(expect.arrayContaining(["coupon_stake"]));
    await run(`update bet_coupon set state = 'refused' where amount = 300`);
    expect(await found()).toEqual(expect.arrayContaining(["coupon_stake"]));
  });

  it("finds a coupon paid twice, paid to another account, or settled without its payout", async () => {
    await run(`insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind, reference) values (${ids.payouts}, ${ids.b1}, 5000, 'RUB', 'posted', 'bet_payout', 'coupon:${ids.won}')`);
    expect(await found()).toEqual(expect.arrayContaining(["coupon_payout", "house_payouts"]));
  });

  it("finds payouts that do not match what the settled coupons kept", async () => {
    await run(`update bet_coupon set payout = 4999 where id = ${ids.won}`);
    expect(await found()).toEqual(expect.arrayContaining(["coupon_payout", "house_payouts"]));
  });

  it("finds a debt without the transfer that advanced it, or one recorded for another amount", async () => {
    expect(await found()).toEqual([]);
    await run(`update bettor_debt set amount = 1100 where id = ${ids.debt}`);
    expect(await found()).toEqual(expect.arrayContaining(["bettor_debts", "house_receivables"]));
    await run(`update bettor_debt set amount = 1200, collected = 200 where id = ${ids.debt}`);
    // Collected without the money coming in: receivables still shows all of it advanced, and no
    // collection (a deposit's repayment) accounts for it.
    expect(await found()).toEqual(["house_receivables", "debt_collections"]);
  });

  it("finds a deposit credited twice or beside its payment, and a withdrawal's reservation not where its payment's status says", async () => {
    // Payments through the provider (issue 34): bettor 1 deposited 1,000 (credited), withdrew 500
    // (paid out) and waits for a payout of 300 (reserved).
    const u1 = Number((await one<{ user_id: string }>(`select user_id from ledger_account where id = ${ids.b1}`)).user_id);
    const withdrawals = Number((await one<{ id: string }>(`insert into ledger_account (kind, purpose, currency, no_negative) values ('house', 'withdrawals', 'RUB', false) returning id`)).id);
    const payment = async (kind: string, amount: number, status: number) =>
      Number(
        (
          await one<{ id: string }>(
            `insert into payment (user_id, account_id, kind, method, amount, currency, status_id, return_base, idempotency_key, request_hash, created_at, updated_at)
             values (${u1}, ${ids.b1}, '${kind}', 'card', ${amount}, 'RUB', ${status}, 'http://x/en', 'k${kind}${amount}', 'h', now(), now()) returning id`,
          )
        ).id,
      );
    const transfer = async (debit: number, credit: number, amount: number, kind: string, reference: string, flag = "posted", pending: number | null = null) =>
      Number(
        (
          await one<{ id: string }>(
            `insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, pending_id, kind, reference)
             values (${debit}, ${credit}, ${amount}, 'RUB', '${flag}', ${pending ?? "null"}, '${kind}', '${reference}') returning id`,
          )
        ).id,
      );
    const deposit = await payment("deposit", 1_000, 2);
    await run(`update payment set credit_transfer_id = ${await transfer(ids.deposits, ids.b1, 1_000, "payment_deposit", `payment:${deposit}`)} where id = ${deposit}`);
    const paidOut = await payment("withdrawal", 500, 2);
    const reserved = await transfer(ids.b1, withdrawals, 500, "payment_withdrawal", `payment:${paidOut}`, "pending");
    await transfer(ids.b1, withdrawals, 500, "payment_withdrawal", `payment:${paidOut}`, "post_pending", reserved);
    await run(`update payment set reserve_transfer_id = ${reserved} where id = ${paidOut}`);
    const waiting = await payment("withdrawal", 300, 0);
    await run(`update payment set reserve_transfer_id = ${await transfer(ids.b1, withdrawals, 300, "payment_withdrawal", `payment:${waiting}`, "pending")} where id = ${waiting}`);
    expect(await found()).toEqual([]);

    // The payout of 300 marked failed without its reservation voided.
    await run(`update payment set status_id = 3 where id = ${waiting}`);
    expect(await found()).toEqual(["payment_withdrawal_reservation", "house_withdrawals"]);
    await run(`update payment set status_id = 0 where id = ${waiting}`);
    // The deposit credited a second time by the same payment, then money in from no payment at all.
    await transfer(ids.deposits, ids.b1, 1_000, "payment_deposit", `payment:${deposit}`);
    expect(await found()).toEqual(["payment_deposit_credit"]);
    await transfer(ids.deposits, ids.b1, 700, "payment_deposit", "payment:999999");
    expect(await found()).toEqual(["payment_deposit_credit", "payment_transfers_have_payments"]);
  });

  it("has a check for every rule it names", () => {
    expect(LEDGER_CHECKS.map((c) => c.name)).toEqual([
      "bettor_totals",
      "house_totals_unused",
      "bettor_not_negative",
      "currency_sums_to_zero",
      "transfer_accounts",
      "pending_resolutions",
      "transfer_paths",
      "coupon_stake",
      "coupon_payout",
      "house_stakes_held",
      "house_payouts",
      "bettor_debts",
      "house_receivables",
      "payment_deposit_credit",
      "payment_withdrawal_reservation",
      "payment_transfers_have_payments",
      "debt_repayments",
      "debt_collections",
      "house_withdrawals",
      "coupons_without_house",
    ]);
  });
});
