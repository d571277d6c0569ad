import { describe, expect, it } from "vitest";
import {
  ARCHIVE_AFTER_DAYS,
  PAYMENT_LIMITS,
  PAYMENT_STATUS,
  type PaymentStatusId,
  archiveCutoff,
  checkAmount,
  isArchived,
  isTerminal,
  methodsFor,
  debtRepaidMessage,
  paymentMessage,
  providerKind,
  returnUrls,
  skksHash,
  statusWord,
  transition,
} from "./payment-rules.ts";

const ALL: PaymentStatusId[] = [0, 1, 2, 3, 4];
const DAY = 86_400_000;

describe("payment methods and amounts", () => {
  it("lists the three methods with their limits and the currency's step", () => {
    expect(methodsFor("RUB", "deposit")).toEqual({
      currency: "RUB",
      step: 100,
      methods: [
        { id: "card", min: 100_00, max: 150_000_00 },
        { id: "ewallet", min: 100_00, max: 75_000_00 },
        { id: "bank", min: 1_000_00, max: 600_000_00 },
      ],
    });
    expect(methodsFor("EUR", "withdrawal").step).toBe(1);
    expect(methodsFor("XXX", "deposit")).toEqual({ currency: "XXX", step: 1, methods: [] });
  });

  it("keeps every limit whole, ordered and on its currency's step", () => {
    for (const [currency, rules] of Object.entries(PAYMENT_LIMITS)) {
      for (const kind of ["deposit", "withdrawal"] as const) {
        for (const [method, range] of Object.entries(rules[kind])) {
          const where = `${currency} ${kind} ${method}`;
          expect(Number.isSafeInteger(range.min) && range.min > 0, where).toBe(true);
          expect(range.max, where).toBeGreaterThan(range.min);
          expect(range.min % rules.step, where).toBe(0);
          expect(range.max % rules.step, where).toBe(0);
        }
      }
    }
  });

  it("takes the limits themselves and refuses one unit outside, then the step", () => {
    expect(checkAmount("RUB", "deposit", "card", 100_00)).toBeNull();
    expect(checkAmount("RUB", "deposit", "card", 150_000_00)).toBeNull();
    expect(checkAmount("RUB", "deposit", "card", 100_00 - 1)).toEqual({ code: "amount_below_min", min: 100_00 });
    expect(checkAmount("RUB", "deposit", "card", 150_000_00 + 1)).toEqual({ code: "amount_above_max", max: 150_000_00 });
    expect(checkAmount("RUB", "deposit", "card", 100_50)).toEqual({ code: "amount_step", step: 100 });
    expect(checkAmount("EUR", "deposit", "card", 10_01)).toBeNull();
    expect(checkAmount("RUB", "withdrawal", "card", 100_00)).toEqual({ code: "amount_below_min", min: 500_00 });
  });

  it("refuses a method or a currency the table lacks", () => {
    expect(checkAmount("RUB", "deposit", "crypto", 100_00)).toEqual({ code: "unknown_method" });
    expect(checkAmount("RUB", "deposit", "toString", 100_00)).toEqual({ code: "unknown_method" });
    expect(checkAmount("XXX", "deposit", "card", 100_00)).toEqual({ code: "unknown_method" });
  });
});

describe("the payment status machine", () => {
  it("calls success, failure and cancellation final", () => {
    expect(ALL.filter(isTerminal)).toEqual([2, 3, 4]);
    expect(ALL.map(statusWord)).toEqual(["awaiting", "pending", "success", "failed", "cancelled"]);
  });

  it("moves an open payment to any other state, and pending to a final one", () => {
    expect(transition(PAYMENT_STATUS.awaiting, "pending")).toEqual({ move: true, to: 1 });
    expect(transition(PAYMENT_STATUS.awaiting, "success")).toEqual({ move: true, to: 2 });
    expect(transition(PAYMENT_STATUS.pending, "failed")).toEqual({ move: true, to: 3 });
    expect(transition(PAYMENT_STATUS.pending, "cancelled")).toEqual({ move: true, to: 4 });
  });

  it("calls the same status again a duplicate and never moves a final payment", () => {
    for (const word of ["pending", "success", "failed", "cancelled"] as const) {
      expect(transition(PAYMENT_STATUS[word], word)).toEqual({ move: false, why: "duplicate" });
    }
    for (const final of [2, 3, 4] as const) {
      for (const word of ["pending", "success", "failed", "cancelled"] as const) {
        if (PAYMENT_STATUS[word] === final) continue;
        expect(transition(final, word), `${final} → ${word}`).toEqual({ move: false, why: "after_terminal" });
      }
    }
  });
});

describe("the history's archive", () => {
  const now = Date.UTC(2027, 2, 1, 12);

  it("archives final payments older than 90 days on the given clock, never open ones", () => {
    expect(ARCHIVE_AFTER_DAYS).toBe(90);
    expect(archiveCutoff(now).toISOString()).toBe("2026-12-01T12:00:00.000Z");
    const old = new Date(now - 90 * DAY - 1);
    const edge = new Date(now - 90 * DAY);
    expect(isArchived(2, old, now)).toBe(true);
    expect(isArchived(3, old, now)).toBe(true);
    expect(isArchived(4, old, now)).toBe(true);
    expect(isArchived(2, edge, now)).toBe(false);
    expect(isArchived(0, old, now)).toBe(false);
    expect(isArchived(1, old, now)).toBe(false);
  });
});

describe("what a bettor reads", () => {
  it("names a message by kind and status, with an English text", () => {
    expect(paymentMessage("deposit", 2)).toEqual({ key: "payments.messages.deposit_success", text: "Deposit credited" });
    expect(paymentMessage("withdrawal", 4).key).toBe("payments.messages.withdrawal_cancelled");
    expect(debtRepaidMessage(300_00, 200_00, "RUB")).toEqual({
      key: "payments.messages.deposit_debt_repaid",
      text: "Deposit credited; 200.00 RUB of it repaid what you owed, 100.00 RUB is on your balance",
    });
    expect(debtRepaidMessage(100_00, 100_00, "EUR").text).toBe("Deposit credited; all of it (100.00 EUR) repaid what you owed");
    for (const kind of ["deposit", "withdrawal"] as const) for (const s of ALL) expect(paymentMessage(kind, s).text.length).toBeGreaterThan(0);
  });

  it("hashes the provider's id short and stably, empty without one", () => {
    expect(skksHash("pp_abc")).toMatch(/^[0-9a-f]{12}$/);
    expect(skksHash("pp_abc")).toBe(skksHash("pp_abc"));
    expect(skksHash("pp_abd")).not.toBe(skksHash("pp_abc"));
    expect(skksHash(null)).toBe("");
  });

  it("builds the site's return pages per kind, whatever the base's trailing slash", () => {
    expect(returnUrls("http://127.0.0.1:3000/en/", "deposit", 7)).toEqual({
      success: "http://127.0.0.1:3000/en/onpay/success?payment=7",
      fail: "http://127.0.0.1:3000/en/onpay/fail?payment=7",
      pending: "http://127.0.0.1:3000/en/onpay/pending?payment=7",
      cancel: "http://127.0.0.1:3000/en/onpay/cancel?payment=7",
    });
    expect(returnUrls("https://arena.bet/ru", "withdrawal", 8).success).toBe("https://arena.bet/ru/onpay/withdraw/success?payment=8");
    expect(providerKind("withdrawal")).toBe("payout");
    expect(providerKind("deposit")).toBe("deposit");
  });
});
