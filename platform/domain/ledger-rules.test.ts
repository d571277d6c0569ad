import { describe, expect, it } from "vitest";
import { MAX_TRANSFER_AMOUNT, accountBalances, checkTransferAmount, requestHash, reversalSplit } from "./ledger-rules.ts";

describe("the ledger's pure rules", () => {
  it("takes a whole, positive amount of minor units up to the maximum, and nothing else", () => {
    for (const ok of [1, 2, 1_000_000, MAX_TRANSFER_AMOUNT]) expect(() => checkTransferAmount(ok), String(ok)).not.toThrow();
    for (const bad of [0, -1, 0.5, 1.5, MAX_TRANSFER_AMOUNT + 1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 10 ** 18]) {
      expect(() => checkTransferAmount(bad), String(bad)).toThrow(RangeError);
    }
    expect(MAX_TRANSFER_AMOUNT).toBe(10 ** 15);
    expect(Number.isSafeInteger(MAX_TRANSFER_AMOUNT * 8)).toBe(true);
  });

  it("makes the balance from posted totals and what can be spent from it less pending debits", () => {
    // 25,000 in, 7,000 out, 3,000 reserved by a live bet, 1,000 on its way in.
    expect(accountBalances({ creditsPosted: 25_000, debitsPosted: 7_000, debitsPending: 3_000, creditsPending: 1_000 })).toEqual({ balance: 18_000, available: 15_000 });
    expect(accountBalances({ creditsPosted: 0, debitsPosted: 0, debitsPending: 0, creditsPending: 500 })).toEqual({ balance: 0, available: 0 });
  });

  it("hashes a request body by its content, whatever the order of its keys", () => {
    // The SHA-256 of the canonical text, as sha256sum gives it.
    expect(requestHash({})).toBe("44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
    expect(requestHash({ b: [2, { d: 4, c: 3 }], a: 1 })).toBe("88c3cdf568e74603bc9ea42ed03f42ad6dcf46dbfbb56089d8a163f6b84a0c52");
    expect(requestHash([1, 2])).not.toBe(requestHash([2, 1]));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: "1" }));
  });

  it("takes a payout back from what can be spent, never below zero, and the rest is owed", () => {
    // 21,000 paid, 1,000 left: 1,000 taken, 20,000 owed.
    expect(reversalSplit(1_000, 21_000)).toEqual({ taken: 1_000, owed: 20_000 });
    expect(reversalSplit(50_000, 21_000)).toEqual({ taken: 21_000, owed: 0 });
    expect(reversalSplit(21_000, 21_000)).toEqual({ taken: 21_000, owed: 0 });
    // Stakes waiting in a live delay can leave less than nothing to spend.
    expect(reversalSplit(-3_000, 500)).toEqual({ taken: 0, owed: 500 });
    expect(reversalSplit(0, 0)).toEqual({ taken: 0, owed: 0 });
  });
});
