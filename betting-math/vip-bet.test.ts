import { describe, expect, it } from "vitest";
import { vipBetShapeRefusal } from "./vip-bet";

describe("the VIP bet's shape (SPEC §5)", () => {
  const line = { typeId: 0, betCount: 1, anyLive: false };
  it("is possible for line bets that are not multiple singles", () => {
    expect(vipBetShapeRefusal(line)).toBeNull();
    expect(vipBetShapeRefusal({ ...line, typeId: 1, betCount: 3 })).toBeNull();
  });
  it("says why it is not", () => {
    expect(vipBetShapeRefusal({ ...line, betCount: 0 })).toBe("no-bets");
    expect(vipBetShapeRefusal({ ...line, anyLive: true })).toBe("live-bet-in-coupon");
    expect(vipBetShapeRefusal({ ...line, typeId: 9, betCount: 2 })).toBe("multiple-singles");
  });
});
