import { describe, expect, it } from "vitest";
import { availableLanguages, browserLanguages, detectLanguage, isLanguagePrefix } from "./detect";

const all = ["ru", "en", "de", "tr", "uk", "kk", "az", "ar", "fa"];

describe("isLanguagePrefix", () => {
  it("is exactly two letters", () => {
    expect(isLanguagePrefix("ru")).toBe(true);
    expect(isLanguagePrefix("RU")).toBe(true);
    expect(isLanguagePrefix("rus")).toBe(false);
    expect(isLanguagePrefix("r")).toBe(false);
    expect(isLanguagePrefix("r1")).toBe(false);
    expect(isLanguagePrefix(undefined)).toBe(false);
  });
});

describe("availableLanguages", () => {
  it("removes hidden languages for unauthorised visitors without the ua cookie", () => {
    expect(availableLanguages({ allowed: all, hiddenForUnauthorized: ["fa"], hasUaCookie: false })).not.toContain("fa");
  });
  it("keeps hidden languages when the ua cookie is set", () => {
    expect(availableLanguages({ allowed: all, hiddenForUnauthorized: ["fa"], hasUaCookie: true })).toContain("fa");
  });
  it("always excludes the unknown language (no dictionary)", () => {
    expect(availableLanguages({ allowed: ["ru", "xx", "en"], hiddenForUnauthorized: [], hasUaCookie: true })).toEqual(["ru", "en"]);
  });
});

describe("browserLanguages", () => {
  it("orders by quality and keeps primary subtags", () => {
    expect(browserLanguages("de-CH;q=0.5, tr-TR, en;q=0.8")).toEqual(["tr", "en", "de"]);
  });
  it("ignores junk and q=0", () => {
    expect(browserLanguages("*, x-klingon, fr;q=0, ar")).toEqual(["ar"]);
    expect(browserLanguages(null)).toEqual([]);
  });
});

describe("detectLanguage (SPEC §5 order)", () => {
  const base = { defaultLanguage: "ru", available: all };
  it("uses the URL language when allowed", () => {
    expect(detectLanguage({ ...base, urlLanguage: "de", cookieLanguage: "tr", acceptLanguage: "ar" })).toBe("de");
  });
  it("falls to the cookie when the URL language is not allowed", () => {
    expect(detectLanguage({ ...base, urlLanguage: "fr", cookieLanguage: "tr", acceptLanguage: "ar" })).toBe("tr");
  });
  it("then the browser language", () => {
    expect(detectLanguage({ ...base, cookieLanguage: "zz", acceptLanguage: "fr, ar;q=0.9" })).toBe("ar");
  });
  it("then the site default", () => {
    expect(detectLanguage({ ...base, acceptLanguage: "fr" })).toBe("ru");
  });
  it("then en when the default is not allowed", () => {
    expect(detectLanguage({ defaultLanguage: "fr", available: ["de", "en"] })).toBe("en");
  });
  it("never answers a language that is not available", () => {
    expect(detectLanguage({ defaultLanguage: "fr", available: ["de", "tr"] })).toBe("de");
  });
});
