import { describe, expect, it } from "vitest";
import { bonusBetCoef, bonusBetCoefHundredths, bonusBetShapeRefusal } from "./bonus-bet";

describe("the bonus bet (SPEC §4)", () => {
  it("pays 1 + n/100 for 1 to 9 selections, 1.1 beyond", () => {
    expect([1, 3, 9, 10, 20].map(bonusBetCoefHundredths)).toEqual([101, 103, 109, 110, 110]);
    expect(bonusBetCoef(4)).toBe(1.04);
  });
  it("qualifies an express of at least 3 selections, each at least 1.1, none of kind 7", () => {
    const ok = { isExpress: true, coefs: [110, 150, 200], marketKinds: [1, 4, 1] };
    expect(bonusBetShapeRefusal(ok)).toBeNull();
    expect(bonusBetShapeRefusal({ ...ok, isExpress: false })).toBe("not-express");
    expect(bonusBetShapeRefusal({ ...ok, coefs: [150, 200], marketKinds: [1, 1] })).toBe("too-few-bets");
    expect(bonusBetShapeRefusal({ ...ok, coefs: [109, 150, 200] })).toBe("bet-coef-too-low");
    expect(bonusBetShapeRefusal({ ...ok, marketKinds: [1, 7, 1] })).toBe("market-kind-excluded");
  });
  it("refuses a total below 1.01 as such, before the selections' own minimum, as the site's offer does", () => {
    // 1.00 × 1.00 × 1.00 = 1.00 < 1.01 (app/coupon/rules.ts's bonusBetOffer gives the same reason).
    expect(bonusBetShapeRefusal({ isExpress: true, coefs: [100, 100, 100], marketKinds: [1, 1, 1] })).toBe("total-coef-too-low");
    expect(bonusBetShapeRefusal({ isExpress: true, coefs: [100, 100, 100], marketKinds: [7, 7, 7] })).toBe("total-coef-too-low");
    // 1.01 × 1.00 × 1.00 = 1.01 is not below, so the next rule speaks (1.00 < 1.1).
    expect(bonusBetShapeRefusal({ isExpress: true, coefs: [101, 100, 100], marketKinds: [1, 1, 1] })).toBe("bet-coef-too-low");
  });
});
