import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { ACCOUNT_TYPE, type AccountView, accountById, accountsOf, bettorAccount, deposit, mainAccount, setAccountFrozen, trialBalance } from "../domain/ledger.ts";
import { type AuthEnv, requireUser } from "./auth.ts";
import { apiError, parseJsonBody, parseParams } from "./http.ts";

/** SPEC §3 Account state's account, money in minor units. */
export function accountJson(account: AccountView) {
  return {
    id: account.id,
    iso: account.currency,
    type: account.type,
    /** Posted balance, minor units. */
    money: account.balance,
    /** What can be staked now: money less pending debits (live bets in their delay). */
    available: account.available,
    pending: account.pendingDebits,
    isActive: account.type === ACCOUNT_TYPE.main,
    isFrozen: account.isFrozen,
    label: account.label,
  };
}

/** The signed-in bettor's balances: GET /web-api/account/balance. */
export function ledgerApi(db: Db) {
  const app = new Hono<AuthEnv>();
  app.get("/account/balance", requireUser(db), async (c) => {
    const accounts = await accountsOf(db, c.var.user.id);
    const active = accounts.find((a) => a.type === ACCOUNT_TYPE.main) ?? accounts[0];
    return c.json({ result: { activeAccountId: active?.id ?? null, accounts: accounts.map(accountJson) } });
  });
  return app;
}

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const depositBody = z.object({
  userId: id,
  amount: z.number().int().min(1).max(1_000_000_000_000),
  key: z.string().max(200).optional(),
  /** SPEC §3 account type: 0 main (default), 4 bonus (a bonus account holding money), 9 currency. */
  accountType: z.union([z.literal(ACCOUNT_TYPE.main), z.literal(ACCOUNT_TYPE.bonus), z.literal(ACCOUNT_TYPE.currency)]).default(ACCOUNT_TYPE.main),
});
const freezeBody = z.object({ accountId: id, frozen: z.boolean() });

/** Test-only ledger hooks (/__test/ledger): fund a bettor, freeze an account, audit the ledger. */
export function ledgerTestHooksApi(db: Db) {
  const app = new Hono();
  app.post("/deposit", async (c) => {
    const parsed = await parseJsonBody(c, depositBody);
    if (!parsed.ok) return parsed.response;
    const main = await mainAccount(db, parsed.data.userId);
    const account = parsed.data.accountType === ACCOUNT_TYPE.main ? main : await bettorAccount(db, parsed.data.userId, parsed.data.accountType, main.currency);
    const done = await deposit(db, account.id, parsed.data.amount, "test deposit", parsed.data.key);
    if (!done.ok) return apiError(c, 409, done.reason, done.reason);
    return c.json({ accountId: account.id, transferId: done.transfer.id }, 201);
  });
  app.post("/freeze", async (c) => {
    const parsed = await parseJsonBody(c, freezeBody);
    if (!parsed.ok) return parsed.response;
    await setAccountFrozen(db, parsed.data.accountId, parsed.data.frozen);
    return c.json({ ok: true });
  });
  app.get("/accounts/:accountId", async (c) => {
    const params = parseParams(c, z.object({ accountId: id }));
    if (!params.ok) return params.response;
    const account = await accountById(db, params.data.accountId);
    return account ? c.json(accountJson(account)) : apiError(c, 404, "not_found", "No such account");
  });
  app.get("/trial-balance", async (c) => c.json(await trialBalance(db)));
  return app;
}
