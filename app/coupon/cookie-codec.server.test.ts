import { createHmac } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUPON_COOKIE_MAX_VALUE_BYTES, COUPON_TYPE } from "./constants";
import {
  couponCookieValue,
  decodeCouponCookie,
  encodeCouponCookie,
  readCouponCookie,
} from "./cookie-codec.server";
import { type StoredCoupon, emptyStoredCoupon } from "./model";
import { couponBetSchema, storedCouponSchema } from "./schemas";

const SECRET = "test-secret-of-the-coupon-cookie";
const TEAMS = ["Arsenal", "Chelsea", "Liverpool", "Everton", "Real Madrid", "Barcelona", "Bayern München", "Borussia Dortmund", "Juventus", "Internazionale", "Ajax", "PSV Eindhoven"];

/** A coupon of n realistic, distinct bets. */
function couponOf(n: number): StoredCoupon {
  const bets = Array.from({ length: n }, (_, i) =>
    couponBetSchema.parse({
      market: {
        id: `${900_000_000 + i * 7919}`,
        coef: 1.2 + ((i * 37) % 300) / 100,
        sportId: 1 + (i % 5),
        typeId: 1 + (i % 17),
        kind: 1 + (i % 4),
        isLive: i % 3 === 0,
        gameId: 500_000_000 + i * 104_729,
        champId: 88_000 + (i % 9),
        sportName: ["Football", "Tennis", "Ice Hockey", "Basketball", "Volleyball"][i % 5],
        champName: `League ${i % 9}`,
        opponent1Name: TEAMS[i % TEAMS.length],
        opponent2Name: TEAMS[(i + 5) % TEAMS.length],
      },
      gameStatus: i % 3 === 0 ? 2 : 0,
      gameTimeSec: i % 3 === 0 ? 60 * (i + 1) : null,
      gameStartAt: 1_732_000_000_000 + i * 3_600_000,
      scores: i % 3 === 0 ? { opponent1: i % 4, opponent2: i % 2 } : null,
    }),
  );
  return storedCouponSchema.parse({
    bets,
    addedAtByBetId: Object.fromEntries(bets.map((bet, i) => [bet.market.id, 1_732_000_000_000 + i * 1000])),
    typeId: n > 1 ? COUPON_TYPE.EXPRESS : COUPON_TYPE.SINGLE,
    systemValue: 2,
  });
}

function encoded(coupon: StoredCoupon, secret: string | readonly string[] = SECRET): string {
  const result = encodeCouponCookie(coupon, secret);
  if (!result.ok) throw new Error(`did not fit: ${result.bytes}`);
  return result.value;
}

/** A value signed with the right secret around any payload, to test what lies behind the signature. */
function signed(payload: string, version = "v1"): string {
  const unsigned = `${version}.${payload}`;
  return `${unsigned}.${createHmac("sha256", SECRET).update(unsigned).digest("base64url")}`;
}
const deflated = (text: string | Buffer) => deflateRawSync(typeof text === "string" ? Buffer.from(text) : text).toString("base64url");

describe("coupon cookie codec", () => {
  it("round-trips a coupon", () => {
    const coupon = couponOf(10);
    expect(decodeCouponCookie(encoded(coupon), SECRET)).toEqual(coupon);
  });

  it("keeps a deleted bonus bet, and reads any other value of the flag as not deleted", () => {
    const coupon = couponOf(3);
    const deleted = encodeCouponCookie({ ...coupon, manuallyDeletedBonusBet: true }, SECRET);
    expect(deleted.ok && decodeCouponCookie(deleted.value, SECRET)).toEqual({ ...coupon, manuallyDeletedBonusBet: true });
    const kept = encodeCouponCookie({ ...coupon, manuallyDeletedBonusBet: false }, SECRET);
    expect(kept.ok && decodeCouponCookie(kept.value, SECRET)).toStrictEqual(coupon);
    expect(kept.ok && kept.value.length).toBeLessThan(deleted.ok ? deleted.value.length : 0);
    const payload = (flag: unknown) => deflateRawSync(Buffer.from(JSON.stringify({ ...coupon, manuallyDeletedBonusBet: flag }))).toString("base64url");
    for (const flag of ["yes", 1, null, { a: 1 }]) {
      const unsigned = `v1.${payload(flag)}`;
      const value = `${unsigned}.${createHmac("sha256", SECRET).update(unsigned).digest("base64url")}`;
      expect(decodeCouponCookie(value, SECRET)).toStrictEqual(coupon);
    }
  });

  it("round-trips the empty coupon", () => {
    expect(decodeCouponCookie(encoded(emptyStoredCoupon()), SECRET)).toEqual(emptyStoredCoupon());
  });

  it("writes only cookie-safe characters, within the size bound", () => {
    const value = encoded(couponOf(10));
    expect(value).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(Buffer.byteLength(value)).toBeLessThanOrEqual(COUPON_COOKIE_MAX_VALUE_BYTES);
  });

  it("holds an express of 20 bets", () => {
    expect(encodeCouponCookie(couponOf(20), SECRET).ok).toBe(true);
  });

  it("refuses a coupon that would not fit, saying by how much, and never truncates it", () => {
    const result = encodeCouponCookie(couponOf(120), SECRET);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toBe("coupon-too-large-for-cookie");
    expect(result.limit).toBe(COUPON_COOKIE_MAX_VALUE_BYTES);
    expect(result.bytes).toBeGreaterThan(result.limit);
  });

  it("a value signed with another secret decodes to the empty coupon", () => {
    expect(decodeCouponCookie(encoded(couponOf(3)), "another-secret")).toEqual(emptyStoredCoupon());
  });

  it("a tampered payload or signature decodes to the empty coupon", () => {
    const value = encoded(couponOf(3));
    const [version, payload, signature] = value.split(".") as [string, string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    expect(decodeCouponCookie(`${version}.${flip(payload, 10)}.${signature}`, SECRET)).toEqual(emptyStoredCoupon());
    expect(decodeCouponCookie(`${version}.${payload}.${flip(signature, 5)}`, SECRET)).toEqual(emptyStoredCoupon());
    expect(decodeCouponCookie(`${version}.${payload}.${signature.slice(1)}`, SECRET)).toEqual(emptyStoredCoupon());
  });

  it("an outdated version decodes to the empty coupon even when signed", () => {
    expect(decodeCouponCookie(signed(deflated(JSON.stringify(couponOf(2))), "v0"), SECRET)).toEqual(emptyStoredCoupon());
  });

  it("a signed value of the wrong shape, not JSON, or not deflate data decodes to the empty coupon", () => {
    expect(decodeCouponCookie(signed(deflated(JSON.stringify({ bets: "nope" }))), SECRET)).toEqual(emptyStoredCoupon());
    expect(decodeCouponCookie(signed(deflated("{not json")), SECRET)).toEqual(emptyStoredCoupon());
    expect(decodeCouponCookie(signed("bm90LWRlZmxhdGU"), SECRET)).toEqual(emptyStoredCoupon());
  });

  it("a signed payload that would inflate without bound decodes to the empty coupon", () => {
    const bomb = signed(deflated(Buffer.alloc(1024 * 1024, 0x20)));
    expect(Buffer.byteLength(bomb)).toBeLessThan(COUPON_COOKIE_MAX_VALUE_BYTES);
    expect(decodeCouponCookie(bomb, SECRET)).toEqual(emptyStoredCoupon());
  });

  it("a missing or oversized value decodes to the empty coupon", () => {
    expect(decodeCouponCookie(null, SECRET)).toEqual(emptyStoredCoupon());
    expect(decodeCouponCookie(undefined, SECRET)).toEqual(emptyStoredCoupon());
    expect(decodeCouponCookie("", SECRET)).toEqual(emptyStoredCoupon());
    expect(decodeCouponCookie("v1.".padEnd(5000, "A"), SECRET)).toEqual(emptyStoredCoupon());
  });

  it("never throws on any input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (value) => {
        expect(decodeCouponCookie(value, SECRET)).toEqual(emptyStoredCoupon());
      }),
    );
  });

  it("verifies with any of several secrets and signs with the first (rotation)", () => {
    const old = encoded(couponOf(2), "old-secret");
    expect(decodeCouponCookie(old, ["new-secret", "old-secret"]).bets).toHaveLength(2);
    const fresh = encoded(couponOf(2), ["new-secret", "old-secret"]);
    expect(decodeCouponCookie(fresh, "new-secret").bets).toHaveLength(2);
    expect(decodeCouponCookie(fresh, "old-secret").bets).toHaveLength(0);
  });

  it("needs a secret", () => {
    expect(() => encodeCouponCookie(couponOf(1), "")).toThrow(TypeError);
    expect(() => decodeCouponCookie("x", [])).toThrow(TypeError);
  });
});

describe("coupon cookie headers", () => {
  it("finds the coupon cookie in a Cookie header", () => {
    const value = encoded(couponOf(2));
    expect(couponCookieValue(`theme=dark; coupon=${value}; lang=en`)).toBe(value);
    expect(couponCookieValue("theme=dark")).toBeNull();
    expect(couponCookieValue(null)).toBeNull();
    expect(readCouponCookie(`coupon=${value}`, SECRET).bets).toHaveLength(2);
    expect(readCouponCookie("coupons=x; coupon", SECRET)).toEqual(emptyStoredCoupon());
  });
});
