import { describe, expect, it } from "vitest";
import { AGE_REMEMBER_S, COOKIES, clearCookie, cookiesAreSecure, setCookie } from "./cookies.server";

describe("the cookie table", () => {
  it("declares each cookie once, HttpOnly, SameSite=Lax, path /", () => {
    const all = Object.values(COOKIES);
    expect(new Set(all.map((c) => c.name)).size).toBe(all.length);
    for (const c of all) {
      expect(c).toMatchObject({ path: "/", httpOnly: true, sameSite: "lax" });
      expect(c.name).toMatch(/^[a-z_]+$/);
    }
  });

  it("carries the lifetimes of SPEC §7 and §9", () => {
    expect(COOKIES.platformType.lifetime).toBe(86_400); // §9 default: 1 day
    expect(COOKIES.coupon.lifetime).toBe(86_400);
    expect(COOKIES.redirectUrl.lifetime).toBe(1_800); // §9 grant cookie: 1,800 s
    expect(COOKIES.language.lifetime).toBe(365 * 86_400);
    expect(AGE_REMEMBER_S).toBe(259_200); // §9 age restriction storage: 259,200,000 ms
    expect(COOKIES.userToken.lifetime).toBe("given"); // §7: expiry from the token
    expect(COOKIES.csrf.lifetime).toBe("session");
  });
});

describe("Secure", () => {
  it("is set whenever the public origin is https, and in production", () => {
    expect(cookiesAreSecure("https://bets.example", false)).toBe(true);
    expect(cookiesAreSecure("http://127.0.0.1:3000", false)).toBe(false);
    expect(cookiesAreSecure(undefined, false)).toBe(false);
    expect(cookiesAreSecure(undefined, true)).toBe(true);
  });
});

describe("setCookie and clearCookie", () => {
  it("write every attribute of the declaration", () => {
    expect(setCookie(COOKIES.platformType, "desktop", undefined, true)).toBe(
      "platform_type=desktop; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
    expect(setCookie(COOKIES.coupon, "v1.x.y", undefined, false)).toBe("coupon=v1.x.y; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax");
    expect(setCookie(COOKIES.csrf, "t", undefined, false)).toBe("csrf=t; Path=/; HttpOnly; SameSite=Lax");
  });

  it("take a given lifetime: a token's expiry, a number of seconds, or the browser session", () => {
    const expires = new Date("2030-01-02T03:04:05Z");
    expect(setCookie(COOKIES.userToken, "tok", { expires }, true)).toBe(
      "user_token=tok; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; SameSite=Lax",
    );
    expect(setCookie(COOKIES.ageConfirmed, "1", { maxAgeS: AGE_REMEMBER_S }, false)).toContain("Max-Age=259200");
    expect(setCookie(COOKIES.ageConfirmed, "1", { session: true }, false)).not.toMatch(/Max-Age|Expires/);
  });

  it("refuse a cookie whose lifetime must be given but is not", () => {
    expect(() => setCookie(COOKIES.userToken, "tok")).toThrow(/lifetime must be given/);
  });

  it("clear with the same path and attributes, expired", () => {
    expect(clearCookie(COOKIES.redirectUrl, true)).toBe(
      "redirect_url=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax",
    );
  });
});
