import { describe, expect, it } from "vitest";
import { hasBadCharacters, isFormMediaType, originAllowed } from "./request-checks";

describe("isFormMediaType", () => {
  it("takes what HTML forms send, with parameters and in any case", () => {
    expect(isFormMediaType("application/x-www-form-urlencoded")).toBe(true);
    expect(isFormMediaType("Application/X-WWW-Form-Urlencoded; charset=UTF-8")).toBe(true);
    expect(isFormMediaType("multipart/form-data; boundary=----x")).toBe(true);
  });
  it("takes a media type written with spaces around it before its parameters", () => {
    expect(isFormMediaType("multipart/form-data ; boundary=----x")).toBe(true);
    expect(isFormMediaType(" application/x-www-form-urlencoded ;charset=UTF-8")).toBe(true);
  });
  it("refuses JSON, text and nothing", () => {
    expect(isFormMediaType("application/json")).toBe(false);
    expect(isFormMediaType("text/plain")).toBe(false);
    expect(isFormMediaType(null)).toBe(false);
    expect(isFormMediaType("")).toBe(false);
  });
});

describe("hasBadCharacters", () => {
  const form = (text: string) => new URLSearchParams(text) as unknown as FormData;
  it("finds a NUL byte in a value or a name", () => {
    expect(hasBadCharacters(form("a=x%00y"))).toBe(true);
    expect(hasBadCharacters(form("a%00=1"))).toBe(true);
  });
  it("finds invalid UTF-8, which decodes to U+FFFD", () => {
    expect(hasBadCharacters(form("a=%FF%FE"))).toBe(true);
    expect(hasBadCharacters(form("a=%C3"))).toBe(true);
  });
  it("lets any real text through", () => {
    expect(hasBadCharacters(form(`a=${encodeURIComponent("Привет, مرحبا, Grüße 👋\n\t")}`))).toBe(false);
  });
});

describe("originAllowed", () => {
  const here = new URL("http://127.0.0.1:3000/en/login");
  it("lets a missing Origin and the opaque null through to the CSRF token", () => {
    expect(originAllowed(null, here, undefined)).toBe(true);
    expect(originAllowed("null", here, undefined)).toBe(true);
  });
  it("takes the site's own origin and PUBLIC_ORIGIN", () => {
    expect(originAllowed("http://127.0.0.1:3000", here, undefined)).toBe(true);
    expect(originAllowed("https://arena.example", here, "https://arena.example")).toBe(true);
  });
  it("refuses another site, another scheme or port, and a malformed Origin", () => {
    expect(originAllowed("https://evil.example", here, undefined)).toBe(false);
    expect(originAllowed("https://127.0.0.1:3000", here, undefined)).toBe(false);
    expect(originAllowed("http://127.0.0.1:3001", here, undefined)).toBe(false);
    expect(originAllowed("%%", here, undefined)).toBe(false);
  });
  it("takes a route's declared extra origins (an identity provider posting back)", () => {
    expect(originAllowed("https://accounts.example", here, undefined, ["https://accounts.example"])).toBe(true);
  });
});
