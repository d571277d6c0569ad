import { describe, expect, it } from "vitest";
import { credentialsFileName, credentialsSvg, credentialsText, svgDataUrl, textDataUrl } from "./credentials";

const labels = { title: "Arena Bet — your account", login: "Login", password: "Password", site: "Log in at https://arena.bet/en/login", note: "Keep it private." };

describe("one-click credentials", () => {
  it("as a text file: login and password on their own lines", () => {
    const text = credentialsText({ login: "1042", password: "aB3dE5fG7h" }, labels);
    expect(text.split("\r\n")).toEqual(["Arena Bet — your account", "", "Login: 1042", "Password: aB3dE5fG7h", "", labels.site, labels.note, ""]);
    const url = textDataUrl(text);
    expect(url.startsWith("data:text/plain;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(url.slice("data:text/plain;charset=utf-8,".length))).toBe(text);
  });

  it("as an image: an SVG with the credentials drawn, text escaped", () => {
    const svg = credentialsSvg({ login: "<1042>", password: "a&b\"c'd" }, labels);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain("&lt;1042&gt;");
    expect(svg).toContain("a&amp;b&quot;c&apos;d");
    expect(svg).not.toContain("<1042>");
    expect(svgDataUrl(svg).startsWith("data:image/svg+xml;charset=utf-8,%3Csvg")).toBe(true);
  });

  it("mirrors for right-to-left languages", () => {
    expect(credentialsSvg({ login: "1", password: "p" }, labels, { rtl: true })).toContain('text-anchor="end" direction="rtl"');
    expect(credentialsSvg({ login: "1", password: "p" }, labels)).toContain('text-anchor="start" direction="ltr"');
  });

  it("names the files after the brand", () => {
    expect(credentialsFileName("Arena Bet")).toBe("arena-bet-account");
    expect(credentialsFileName("Ставки++")).toBe("account");
  });
});
