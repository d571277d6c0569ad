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
});
