import { Provider } from "jotai";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { couponAtom, createCouponStore } from "./atoms";
import { useCouponNotification, useCouponStorage } from "./use-coupon-storage";
import { makeBet } from "./test-fixtures";

function Coupon() {
  useCouponStorage();
  const notification = useCouponNotification({ isOnCouponPage: false, isQuickCouponOpen: false });
  return createElement("p", null, notification.alert ? "alert" : "no alert");
}

describe("coupon hooks on the server", () => {
  it("render without window or storage: effects do not run on the server", () => {
    expect(typeof window).toBe("undefined");
    const store = createCouponStore({ cookieCoupon: { bets: [makeBet()], addedAtByBetId: {}, typeId: 0, systemValue: 2 } });
    const html = renderToString(createElement(Provider, { store }, createElement(Coupon)));
    expect(html).toBe("<p>no alert</p>");
    expect(store.get(couponAtom).bets).toHaveLength(1);
  });
});
