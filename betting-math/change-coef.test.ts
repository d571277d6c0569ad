import { describe, expect, it } from "vitest";
import { CHANGE_COEF_ACTION, acceptsCoefChange } from "./change-coef";

describe("acceptsCoefChange (decision 018)", () => {
  it("accepts an unchanged price whatever the setting", () => {
    for (const action of Object.values(CHANGE_COEF_ACTION)) expect(acceptsCoefChange(action, 250, 250)).toBe(true);
  });
  it("asks on any move with 0, accepts any move with 1, only a rise with 2", () => {
    expect([acceptsCoefChange(0, 250, 260), acceptsCoefChange(0, 250, 240)]).toEqual([false, false]);
    expect([acceptsCoefChange(1, 250, 260), acceptsCoefChange(1, 250, 240)]).toEqual([true, true]);
    expect([acceptsCoefChange(2, 250, 260), acceptsCoefChange(2, 250, 240)]).toEqual([true, false]);
  });
  it("defaults to 2, the spec's default", () => {
    expect(CHANGE_COEF_ACTION.ACCEPT_HIGHER).toBe(2);
  });
});
