import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { COOKIES } from "~/lib/cookies.server";
import { defaultCouponSettings } from "./model";
import { decodeCouponSettingsCookie, encodeCouponSettingsCookie, readCouponSettingsCookie } from "./settings-cookie.server";

const SECRET = "test-secret-of-the-settings-cookie";
const settings = { ...defaultCouponSettings(), changeCoefAction: 1 as const, exactCoef: 1.85, isDropOnScoreChange: true, isPossibleWinShown: false };

/** A value signed as the site signs it, around any payload. */
const signed = (payload: string, secret = SECRET) => {
  const unsigned = `s1.${Buffer.from(payload, "utf8").toString("base64url")}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
};

describe("the coupon-settings cookie", () => {
  it("reads back what it wrote, from a Cookie header among other cookies", () => {
    const value = encodeCouponSettingsCookie(settings, SECRET);
    expect(value).toMatch(/^s1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeCouponSettingsCookie(value, SECRET)).toEqual(settings);
    expect(readCouponSettingsCookie(`lng=en; ${COOKIES.couponSettings.name}=${value}; coupon=x`, SECRET)).toEqual(settings);
  });

  it("is read with any secret of a rotation and signed with the first", () => {
    const old = encodeCouponSettingsCookie(settings, "old-secret");
    expect(decodeCouponSettingsCookie(old, ["new-secret", "old-secret"])).toEqual(settings);
    expect(decodeCouponSettingsCookie(encodeCouponSettingsCookie(settings, ["new-secret", "old-secret"]), "new-secret")).toEqual(settings);
  });

  it("reads as no settings when missing, forged, tampered, of another version or too long", () => {
    const value = encodeCouponSettingsCookie(settings, SECRET);
    const [version, payload, signature] = value.split(".") as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ ...settings, isVipBet: true })).toString("base64url");
    for (const bad of [
      null,
      "",
      "garbage",
      `${version}.${payload}`,
      `${version}.${otherPayload}.${signature}`,
      `s2.${payload}.${signature}`,
      encodeCouponSettingsCookie(settings, "someone-else"),
      `${value}${"A".repeat(2048)}`,
    ]) {
      expect(decodeCouponSettingsCookie(bad, SECRET), String(bad).slice(0, 40)).toBeNull();
    }
    expect(readCouponSettingsCookie("lng=en", SECRET)).toBeNull();
    expect(readCouponSettingsCookie(null, SECRET)).toBeNull();
  });

  it("reads settings that the schema refuses, or JSON that is broken, as none even behind a valid signature", () => {
    expect(decodeCouponSettingsCookie(signed(JSON.stringify({ exactCoef: 0.5 })), SECRET)).toBeNull();
    expect(decodeCouponSettingsCookie(signed("{not json"), SECRET)).toBeNull();
  });

  it("reads settings SPEC has that the product left out (an older cookie) without them", () => {
    const read = decodeCouponSettingsCookie(signed(JSON.stringify({ isCouponFixed: true, isSelectAccountShown: true, isAutoMax: true })), SECRET);
    expect(read).toEqual({ ...defaultCouponSettings(), isAutoMax: true });
  });
});
