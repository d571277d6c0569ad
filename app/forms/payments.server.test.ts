import { describe, expect, it } from "vitest";
import { paymentForm } from "./payments.server";

const rules = {
  exponent: 2,
  step: 100,
  methods: [{ id: "card", min: 10_000, max: 15_000_000 }],
  format: (minor: number) => `${minor / 100} RUB`,
};
const key = "0f8fad5b-d9cb-469f-a165-70867728950e";
const issues = (amount: string, extra: Partial<typeof rules & { available: number }> = {}) => {
  const parsed = paymentForm({ ...rules, ...extra }).safeParse({ key, method: "card", amount });
  return parsed.success ? parsed.data : parsed.error.issues.map((i) => i.message);
};

describe("the office's payment form (issue 34)", () => {
  it("takes an amount within the method's limits, on the currency's step, in minor units", () => {
    expect(issues("500")).toEqual({ key, method: "card", amount: 50_000 });
    expect(issues("1500.00")).toEqual({ key, method: "card", amount: 150_000 });
  });
  it("refuses, with the figure, an amount under the minimum, over the maximum or off the step", () => {
    expect(issues("99")).toEqual(["payments.errors.amountBelowMin::100 RUB"]);
    expect(issues("150001")).toEqual(["payments.errors.amountAboveMax::150000 RUB"]);
    expect(issues("100.50")).toEqual(["payments.errors.amountStep::1 RUB"]);
  });
  it("refuses a withdrawal above what can be taken out", () => {
    expect(issues("600", { available: 50_000 })).toEqual(["payments.errors.insufficientFunds::500 RUB"]);
  });
  it("asks again for an amount whose comma may group thousands or mark decimals", () => {
    expect(issues("150,000")).toEqual(["payments.errors.amountInvalid"]);
    expect(issues("150,00")).toEqual({ key, method: "card", amount: 15_000 });
  });
});
