import { describe, expect, it } from "vitest";
import { CAPTCHA_ALPHABET, captchaAnswerMatches, newCaptchaCode, renderCaptchaSvg, svgDataUrl } from "./captcha-image.ts";

function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe("captcha image", () => {
  it("makes 5-character codes from the unambiguous alphabet", () => {
    for (let i = 0; i < 100; i++) {
      const code = newCaptchaCode();
      expect(code).toHaveLength(5);
      for (const char of code) expect(CAPTCHA_ALPHABET).toContain(char);
    }
    expect(CAPTCHA_ALPHABET).not.toMatch(/[IO01]/);
  });

  it("draws every glyph of the alphabet as strokes, never as text", () => {
    const svg = renderCaptchaSvg(CAPTCHA_ALPHABET, seeded(1));
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).not.toMatch(/<text/);
    expect(svg.match(/<g transform=/g)).toHaveLength(CAPTCHA_ALPHABET.length);
    expect(svg.match(/<line /g)).toHaveLength(7);
    for (const char of "ABCDE") expect(svg).not.toContain(`>${char}<`);
  });

  it("is repeatable with the same randomness and differs otherwise", () => {
    expect(renderCaptchaSvg("AB234", seeded(7))).toBe(renderCaptchaSvg("AB234", seeded(7)));
    expect(renderCaptchaSvg("AB234", seeded(7))).not.toBe(renderCaptchaSvg("AB234", seeded(8)));
  });

  it("refuses characters it cannot draw", () => {
    expect(() => renderCaptchaSvg("AB0", seeded(1))).toThrow(RangeError);
  });

  it("wraps the picture in a data URL", () => {
    const url = svgDataUrl("<svg/>");
    expect(url).toBe(`data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`);
  });

  it("compares answers without case or surrounding spaces", () => {
    expect(captchaAnswerMatches("AB234", " ab234 ")).toBe(true);
    expect(captchaAnswerMatches("AB234", "AB235")).toBe(false);
  });
});
