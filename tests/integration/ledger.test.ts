import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../platform/db/index.ts";
import {
  HOUSE,
  type TransferOutcome,
  createTransfer,
  houseAccountId,
  mainAccount,
  accountById,
  requestHash,
  resolvePending,
  transfer,
  trialBalance,
  deposit,
} from "../../platform/domain/ledger.ts";
import { type FreshDb, freshDb } from "../support/fresh-db";
import { databases } from "../support/stack";

// The ledger on a real database (PGlite in this process, or a PostgreSQL schema with a pool of
// ten connections): the invariants the database itself must keep.

describe.each(databases)("ledger on %s", (kind) => {
  let handle: FreshDb;
  let userCounter = 0;
  beforeAll(async () => {
    handle = await freshDb(kind, "ledger");
    await migrate(handle.db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  const newUser = async (currency = "RUB") => {
    userCounter++;
    const { id } = await handle.db
      .insertInto("app_user")
      .values({ login: `ledger-${userCounter}-${Date.now()}`, currency })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  };
  const funded = async (amount: number, currency = "RUB") => {
    const account = await mainAccount(handle.db, await newUser(currency));
    const paid = await deposit(handle.db, account.id, amount, "test");
    expect(paid.ok).toBe(true);
    return account;
  };
  const stake = async (accountId: number, amount: number, extra: { key?: string; flag?: "posted" | "pending" } = {}): Promise<TransferOutcome> =>
    transfer(handle.db, {
      debitAccountId: accountId,
      creditAccountId: await houseAccountId(handle.db, HOUSE.stakesHeld, "RUB"),
      amount,
      currency: "RUB",
      kind: "bet_stake",
      flag: extra.flag,
      idempotencyKey: extra.key,
      requestHash: extra.key ? requestHash({ amount }) : undefined,
    });
  const balanceOf = async (id: number) => (await accountById(handle.db, id))!;

  it("keeps balances, refuses an overdraft with a typed reason and sums to zero", async () => {
    const account = await funded(10_000);
    expect((await balanceOf(account.id)).balance).toBe(10_000);
    expect(await stake(account.id, 4_000)).toMatchObject({ ok: true });
    expect(await stake(account.id, 6_001)).toEqual({ ok: false, reason: "insufficient_funds", available: 6_000 });
    expect((await balanceOf(account.id)).balance).toBe(6_000);
    const audit = await trialBalance(handle.db);
    expect(audit.sums.RUB).toBe(0);
    expect(audit.mismatches).toEqual([]);
    expect(audit.negatives).toEqual([]);
  });

  it("the database refuses a negative balance, an update or a delete of a transfer, and a direct balance edit", async () => {
    const account = await funded(100);
    const house = await houseAccountId(handle.db, HOUSE.stakesHeld, "RUB");
    // bypassing the domain's checks: the CHECK constraint still refuses
    await expect(
      sql`insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind) values (${account.id}, ${house}, 101, 'RUB', 'posted', 'x')`.execute(
        handle.db,
      ),
    ).rejects.toMatchObject({ code: "23514" });
    const paid = await stake(account.id, 10);
    if (!paid.ok) throw new Error("stake refused");
    await expect(sql`update ledger_transfer set amount = 1 where id = ${paid.transfer.id}`.execute(handle.db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from ledger_transfer where id = ${paid.transfer.id}`.execute(handle.db)).rejects.toThrow(/immutable/);
    await expect(sql`update ledger_account set credits_posted = 1000000 where id = ${account.id}`.execute(handle.db)).rejects.toThrow(/only through transfers/);
    // a transfer between currencies is refused by the trigger too
    const usd = await funded(100, "USD");
    await expect(
      sql`insert into ledger_transfer (debit_account_id, credit_account_id, amount, currency, flag, kind) values (${usd.id}, ${house}, 1, 'USD', 'posted', 'x')`.execute(handle.db),
    ).rejects.toThrow(/currency/);
    expect((await balanceOf(account.id)).balance).toBe(90);
  });

  it("20 tabs draining one balance at once: nothing lost, nothing doubled, never negative", async () => {
    const account = await funded(10_000);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => stake(account.id, 700)));
    const accepted = outcomes.filter((o) => o.ok).length;
    expect(accepted).toBe(14); // 14 × 700 = 9800 ≤ 10,000 < 15 × 700
    expect(outcomes.filter((o) => !o.ok && o.reason === "insufficient_funds").length).toBe(6);
    expect((await balanceOf(account.id)).balance).toBe(10_000 - accepted * 700);
    const audit = await trialBalance(handle.db);
    expect(audit.sums.RUB).toBe(0);
    expect(audit.mismatches).toEqual([]);
  });

  it("one idempotency key spends once, even sent 10 times at once; another body with it is refused", async () => {
    const account = await funded(5_000);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => stake(account.id, 1_000, { key: `k-${account.id}` })));
    const ids = new Set(outcomes.map((o) => (o.ok ? o.transfer.id : null)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(ids.size).toBe(1);
    expect(outcomes.filter((o) => o.ok && !o.replayed).length).toBe(1);
    expect((await balanceOf(account.id)).balance).toBe(4_000);
    expect(await stake(account.id, 2_000, { key: `k-${account.id}` })).toMatchObject({ ok: false, reason: "idempotency_conflict" });
    expect((await balanceOf(account.id)).balance).toBe(4_000);
  });

  it("a pending transfer reserves the money; posting or voiding it happens once", async () => {
    const account = await funded(1_000);
    const held = await stake(account.id, 600, { flag: "pending" });
    if (!held.ok) throw new Error("refused");
    expect(await balanceOf(account.id)).toMatchObject({ balance: 1_000, available: 400, pendingDebits: 600 });
    expect(await stake(account.id, 500)).toMatchObject({ ok: false, reason: "insufficient_funds", available: 400 });
    const voided = await handle.db.transaction().execute((trx) => resolvePending(trx, held.transfer.id, "void_pending"));
    expect(voided).toMatchObject({ ok: true, replayed: false });
    expect(await balanceOf(account.id)).toMatchObject({ balance: 1_000, available: 1_000, pendingDebits: 0 });
    expect(await handle.db.transaction().execute((trx) => resolvePending(trx, held.transfer.id, "void_pending"))).toMatchObject({ ok: true, replayed: true });
    expect(await handle.db.transaction().execute((trx) => resolvePending(trx, held.transfer.id, "post_pending"))).toMatchObject({
      ok: false,
      reason: "resolved_otherwise",
    });

    const second = await stake(account.id, 300, { flag: "pending" });
    if (!second.ok) throw new Error("refused");
    const posts = await Promise.all(
      Array.from({ length: 5 }, () => handle.db.transaction().execute((trx) => resolvePending(trx, second.transfer.id, "post_pending"))),
    );
    expect(posts.filter((p) => p.ok && !p.replayed).length).toBe(1);
    expect(await balanceOf(account.id)).toMatchObject({ balance: 700, available: 700, pendingDebits: 0 });
    const audit = await trialBalance(handle.db);
    expect(audit.mismatches).toEqual([]);
    expect(audit.sums.RUB).toBe(0);
  });

  it("a frozen account is not debited; an unknown account or another currency is refused", async () => {
    const account = await funded(1_000);
    await handle.db.updateTable("ledger_account").set({ is_frozen: true }).where("id", "=", String(account.id)).execute();
    expect(await stake(account.id, 1)).toEqual({ ok: false, reason: "account_frozen" });
    expect(await stake(999_999_999, 1)).toEqual({ ok: false, reason: "unknown_account" });
    const usd = await funded(1_000, "USD");
    expect(await stake(usd.id, 1)).toEqual({ ok: false, reason: "currency_mismatch" });
    await expect(stake(account.id, 0)).rejects.toThrow(RangeError);
    await expect(stake(account.id, 1.5)).rejects.toThrow(RangeError);
  });

  it("property: random transfers never break the invariants", async () => {
    const accounts = await Promise.all([funded(5_000), funded(5_000), funded(5_000)]);
    const house = await houseAccountId(handle.db, HOUSE.payouts, "RUB");
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ from: fc.integer({ min: 0, max: 3 }), to: fc.integer({ min: 0, max: 3 }), amount: fc.integer({ min: 1, max: 4_000 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (moves) => {
          const ids = [...accounts.map((a) => a.id), house];
          await Promise.all(
            moves.map((m) =>
              m.from === m.to
                ? null
                : handle.db.transaction().execute((trx) =>
                    createTransfer(trx, { debitAccountId: ids[m.from]!, creditAccountId: ids[m.to]!, amount: m.amount, currency: "RUB", kind: "test" }),
                  ),
            ),
          );
          const audit = await trialBalance(handle.db);
          expect(audit.sums.RUB).toBe(0);
          expect(audit.mismatches).toEqual([]);
          expect(audit.negatives).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });
});
