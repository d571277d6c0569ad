import { describe, expect, it } from "vitest";
import { databases } from "../support/stack";
import { platformStack, reconcileLedgerAfterEach } from "../support/suite";
import { authClient } from "./platform-auth-client";

describe.each(databases)("platform balance API on %s", (db) => {
  const stack = platformStack(db);
  reconcileLedgerAfterEach(() => stack.platformUrl);
  const api = authClient(() => stack.platformUrl);

  it("the demo player starts with 1,000,000 minor units on the main account", async () => {
    const login = await api.login("player@arena.bet", "Player123");
    expect(login.status).toBe(200);
    const balance = await api.expectOk("GET", "/web-api/account/balance", { token: login.body.result.token });
    expect(balance.result.accounts).toEqual([
      expect.objectContaining({ iso: "RUB", type: 0, money: 1_000_000, available: 1_000_000, pending: 0, isActive: true, isFrozen: false }),
    ]);
    expect(balance.result.activeAccountId).toBe(balance.result.accounts[0].id);
  });

  it("a new bettor gets an empty main account; a deposit shows at once; the ledger sums to zero", async () => {
    const { userId, token } = await api.createUser({});
    const empty = await api.expectOk("GET", "/web-api/account/balance", { token });
    expect(empty.result.accounts).toEqual([expect.objectContaining({ iso: "RUB", type: 0, money: 0 })]);
    await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 2_500, key: `dep-${userId}` } }, 201);
    await api.expectOk("POST", "/__test/ledger/deposit", { body: { userId, amount: 2_500, key: `dep-${userId}` } }, 201); // same key: once
    const after = await api.expectOk("GET", "/web-api/account/balance", { token });
    expect(after.result.accounts[0].money).toBe(2_500);
    const audit = await api.expectOk("GET", "/__test/ledger/trial-balance");
    expect(audit.sums).toEqual({ RUB: 0 });
    expect(audit.mismatches).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    await api.expectError("GET", "/web-api/account/balance", {}, 401, "unauthorized");
    await api.expectError("GET", "/web-api/account/balance", { token: "x".repeat(43) }, 401, "unauthorized");
  });
});
