import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_RETURN_PATH, safeReturnPath } from "./return-to.server";

const FALLBACK = "/fallback-marker";

/** What a browser does with a Location header on our page: the URL it goes to. */
function browserTarget(location: string, here = "https://arena.example/ru/live") {
  return new URL(location, here);
}

/** The guarantee every accepted address gives, whatever the input. */
function assertOwnPage(result: string) {
  const target = browserTarget(result);
  expect(target.origin).toBe("https://arena.example");
  expect(target.pathname).toMatch(/^\/((ru|en|de|tr|uk|kk|az|ar|fa|ops)(\/.*)?)?$/);
  expect(result).not.toContain("#");
  expect(result).not.toMatch(/[\u0000-\u001f\u007f\\]/);
  expect(result.length).toBeLessThanOrEqual(MAX_RETURN_PATH);
  // The address is given back as the browser will read it: checking it again changes nothing.
  expect(safeReturnPath(result, FALLBACK)).toBe(result);
}

describe("safeReturnPath", () => {
  it("keeps our pages with their query and drops the fragment", () => {
    expect(safeReturnPath("/ru/live?sport=1", "/ru")).toBe("/ru/live?sport=1");
    expect(safeReturnPath("/en", "/ru")).toBe("/en");
    expect(safeReturnPath("/", "/ru")).toBe("/");
    expect(safeReturnPath("/ops/blocks?page=2", "/ru")).toBe("/ops/blocks?page=2");
    expect(safeReturnPath("/en/rules/1#chapter-2", "/ru")).toBe("/en/rules/1");
    expect(safeReturnPath("/en#top", "/ru")).toBe("/en");
  });

  it("gives back the resolved path, so the Location is what was checked", () => {
    expect(safeReturnPath("/en/a/../live", "/ru")).toBe("/en/live");
    expect(safeReturnPath("/en/%2e%2e/de/live", "/ru")).toBe("/de/live");
    expect(safeReturnPath("/en/./x", "/ru")).toBe("/en/x");
  });

  it("keeps the length cap", () => {
    const long = `/en/${"a".repeat(MAX_RETURN_PATH)}`;
    expect(safeReturnPath(long, FALLBACK)).toBe(FALLBACK);
    const atCap = `/en/${"a".repeat(MAX_RETURN_PATH - 4)}`;
    expect(atCap.length).toBe(MAX_RETURN_PATH);
    expect(safeReturnPath(atCap, FALLBACK)).toBe(atCap);
  });

  it("keeps the cap on what it gives back, after percent-encoding has made the address longer", () => {
    // 1,000 Cyrillic letters pass the cap as typed but become 6,000 characters once encoded.
    const typed = `/ru/${"я".repeat(1_000)}`;
    expect(typed.length).toBeLessThanOrEqual(MAX_RETURN_PATH);
    expect(safeReturnPath(typed, FALLBACK)).toBe(FALLBACK);
    const short = `/ru/${"я".repeat(10)}`;
    expect(safeReturnPath(short, FALLBACK)).toBe(`/ru/${"%D1%8F".repeat(10)}`);
  });

  it("applies the cap to the address as given, even when it resolves to something short", () => {
    const padded = `/en/${"./".repeat(MAX_RETURN_PATH)}live`;
    expect(safeReturnPath(padded, FALLBACK)).toBe(FALLBACK);
    expect(safeReturnPath("/en/./././live", FALLBACK)).toBe("/en/live");
  });

  it("refuses an address that names our own origin with a user name or password", () => {
    expect(safeReturnPath("//user:secret@own-site.invalid/en", FALLBACK)).toBe(FALLBACK);
    expect(safeReturnPath("//user@own-site.invalid/en", FALLBACK)).toBe(FALLBACK);
    expect(safeReturnPath("//:secret@own-site.invalid/en", FALLBACK)).toBe(FALLBACK);
  });

  it("refuses an address on another host even when its path is one of our pages, rather than keeping the path", () => {
    expect(safeReturnPath("//evil.example/ru/live", FALLBACK)).toBe(FALLBACK);
    expect(safeReturnPath("//evil.example/", FALLBACK)).toBe(FALLBACK);
    expect(safeReturnPath("//own-site.invalid:8443/en", FALLBACK)).toBe(FALLBACK);
  });

  it("drops the fragment but keeps an empty query's absence and a query's order", () => {
    expect(safeReturnPath("/en/live#", FALLBACK)).toBe("/en/live");
    expect(safeReturnPath("/en/live?b=2&a=1#x", FALLBACK)).toBe("/en/live?b=2&a=1");
    expect(safeReturnPath("/en/live?#x", FALLBACK)).toBe("/en/live");
  });

  // The corpus of issue 11: every one of these leaves our pages, or is not a page of ours.
  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/a/../..//evil.example",
    "/ru/..//evil.example",
    "/ru/../..//evil.example",
    "/ru/%2e%2e/%2e%2e//evil.example",
    "/ru/%2E%2E//evil.example",
    "/.%2e//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/r\tu/x",
    "\t//evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "/javascript:alert(1)",
    "https://evil.example/",
    "HTTPS://evil.example/",
    "http:evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/ru\\..\\..\\evil.example",
    "/RU/live",
    "/Ru",
    "/xx/live",
    "/rules",
    "/rux",
    "/opsx",
    "/@evil.example",
    "ru/live",
    "",
    "/\u0000x",
    "/%0d%0aSet-Cookie:x",
  ])("refuses %j", (value) => {
    expect(safeReturnPath(value, FALLBACK)).toBe(FALLBACK);
  });

  it("refuses non-strings", () => {
    expect(safeReturnPath(undefined, "/en")).toBe("/en");
    expect(safeReturnPath(42, "/en")).toBe("/en");
    expect(safeReturnPath(["/en"], "/de")).toBe("/de");
  });

  it("never gives an address that leaves our pages (any string)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (value) => {
        const result = safeReturnPath(value, FALLBACK);
        if (result !== FALLBACK) assertOwnPage(result);
      }),
      { numRuns: 3_000 },
    );
  });

  it("never gives an address that leaves our pages (strings built from the dangerous pieces)", () => {
    const piece = fc.constantFrom(
      "/", "//", "\\", "..", ".", "%2e", "%2E", "%2f", "%2F", "%5c", "ru", "en", "ops", "RU", "evil.example", "@", ":", "?", "#",
      "\t", "\n", "javascript:", "http:", "https://", "%00", " ", "a",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const value = parts.join("");
        const result = safeReturnPath(value, FALLBACK);
        if (result !== FALLBACK) assertOwnPage(result);
      }),
      { numRuns: 5_000 },
    );
  });

  it("keeps every plain path under a language prefix as it is", () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.constantFrom("ru", "en", "ar", "fa"), fc.array(segment, { maxLength: 5 }), (lng, segments) => {
        const path = `/${[lng, ...segments].join("/")}`;
        expect(safeReturnPath(path, FALLBACK)).toBe(path);
      }),
    );
  });
});
