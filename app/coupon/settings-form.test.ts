import { describe, expect, it } from "vitest";
import { defaultCouponSettings } from "./model";
import { applySettingsForm, settingsFormSchema } from "./settings-form";

const parse = (fields: Record<string, string | undefined>) => settingsFormSchema.safeParse({ intent: "settings", changeCoefAction: "2", ...fields });

describe("the settings form without JavaScript", () => {
  it("reads a ticked box as on and a missing one as off, and the exact coefficient as typed", () => {
    const read = parse({ changeCoefAction: "1", exactCoef: "1,85", isDropOnScoreChange: "1", isPossibleWinShown: "1" });
    expect(read.success && read.data).toEqual({
      intent: "settings",
      changeCoefAction: 1,
      exactCoef: 1.85,
      isDropOnScoreChange: true,
      isAutoMax: false,
      isVipBet: false,
      isBalanceShown: false,
      isPossibleWinShown: true,
    });
    const empty = parse({ exactCoef: undefined });
    expect(empty.success && empty.data.exactCoef).toBeNull();
  });

  it("refuses an exact coefficient the platform would not take, with the dictionary key of its message", () => {
    for (const exactCoef of ["1", "0.9", "2.345", "abc", "100000.5"]) {
      const read = parse({ exactCoef });
      expect(read.success, exactCoef).toBe(false);
      expect(!read.success && read.error.issues[0]).toMatchObject({ path: ["exactCoef"], message: "coupon.settings.errors.exactCoef" });
    }
  });

  it("refuses what no form of the panel sends", () => {
    expect(parse({ changeCoefAction: "3" }).success).toBe(false);
    expect(parse({ changeCoefAction: undefined }).success).toBe(false);
    expect(parse({ isAutoMax: "on" }).success).toBe(false);
  });
});

describe("applySettingsForm", () => {
  const form = (fields: Record<string, string>) => {
    const read = parse(fields);
    if (!read.success) throw read.error;
    return read.data;
  };

  it("replaces the form's settings and keeps the rest (one-click, the stake step)", () => {
    const before = { ...defaultCouponSettings(), isActiveOneClick: true, oneClickAmount: 500, isManualAmountStep: true, amountStepByCurrencyIso: { RUB: 5_000 } };
    const after = applySettingsForm(before, form({ changeCoefAction: "0", isAutoMax: "1", isBalanceShown: "1" }));
    expect(after).toEqual({ ...before, changeCoefAction: 0, isAutoMax: true, isBalanceShown: true, isPossibleWinShown: false, exactCoef: null });
  });

  it("turns drop-on-score-change off when the exact coefficient is cleared (SPEC §4), not when it stays empty", () => {
    const withExact = { ...defaultCouponSettings(), exactCoef: 1.9, isDropOnScoreChange: true };
    expect(applySettingsForm(withExact, form({ isDropOnScoreChange: "1" }))).toMatchObject({ exactCoef: null, isDropOnScoreChange: false });
    expect(applySettingsForm(defaultCouponSettings(), form({ isDropOnScoreChange: "1" }))).toMatchObject({ exactCoef: null, isDropOnScoreChange: true });
    expect(applySettingsForm(withExact, form({ exactCoef: "2.10", isDropOnScoreChange: "1" }))).toMatchObject({ exactCoef: 2.1, isDropOnScoreChange: true });
  });
});
