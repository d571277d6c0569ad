import { randomInt } from "node:crypto";

/**
 * Captcha pictures drawn as SVG strokes (no <text>, so the answer is not in the markup), with
 * jittered, rotated glyphs and noise lines across them.
 */

// No I, O, 0 or 1: they are too easy to confuse once distorted.
export const CAPTCHA_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CAPTCHA_LENGTH = 5;

/** Stroke glyphs on a 4 x 6 grid: polylines of "x,y" points. */
const GLYPHS: Record<string, string[]> = {
  A: ["0,6 2,0 4,6", "1,4 3,4"],
  B: ["0,0 0,6 3,6 4,5 4,4 3,3 0,3", "0,0 3,0 4,1 4,2 3,3"],
  C: ["4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5"],
  D: ["0,0 0,6 3,6 4,5 4,1 3,0 0,0"],
  E: ["4,0 0,0 0,6 4,6", "0,3 3,3"],
  F: ["4,0 0,0 0,6", "0,3 3,3"],
  G: ["4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3"],
  H: ["0,0 0,6", "4,0 4,6", "0,3 4,3"],
  J: ["4,0 4,5 3,6 1,6 0,5"],
  K: ["0,0 0,6", "4,0 0,4", "1,3 4,6"],
  L: ["0,0 0,6 4,6"],
  M: ["0,6 0,0 2,3 4,0 4,6"],
  N: ["0,6 0,0 4,6 4,0"],
  P: ["0,6 0,0 3,0 4,1 4,2 3,3 0,3"],
  Q: ["1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0", "2,4 4,6"],
  R: ["0,6 0,0 3,0 4,1 4,2 3,3 0,3", "2,3 4,6"],
  S: ["4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5"],
  T: ["0,0 4,0", "2,0 2,6"],
  U: ["0,0 0,5 1,6 3,6 4,5 4,0"],
  V: ["0,0 2,6 4,0"],
  W: ["0,0 1,6 2,3 3,6 4,0"],
  X: ["0,0 4,6", "4,0 0,6"],
  Y: ["0,0 2,3 4,0", "2,3 2,6"],
  Z: ["0,0 4,0 0,6 4,6"],
  "2": ["0,1 1,0 3,0 4,1 4,2 0,6 4,6"],
  "3": ["0,1 1,0 3,0 4,1 4,2 3,3 4,4 4,5 3,6 1,6 0,5", "1,3 3,3"],
  "4": ["3,6 3,0 0,4 4,4"],
  "5": ["4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6"],
  "6": ["4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3"],
  "7": ["0,0 4,0 1,6"],
  "8": ["1,0 3,0 4,1 4,2 3,3 1,3 0,2 0,1 1,0", "1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3"],
  "9": ["4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6 0,5"],
};

export function newCaptchaCode(): string {
  let code = "";
  for (let i = 0; i < CAPTCHA_LENGTH; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

/** Captcha answers are compared without case and surrounding spaces. */
export function captchaAnswerMatches(expected: string, given: string): boolean {
  return given.trim().toUpperCase() === expected.toUpperCase();
}

const WIDTH = 170;
const HEIGHT = 64;
const round = (n: number) => Math.round(n * 10) / 10;

/** The SVG picture of `code`; `random` (0 <= r < 1) is injectable so tests are repeatable. */
export function renderCaptchaSvg(code: string, random: () => number = Math.random): string {
  const between = (min: number, max: number) => min + (max - min) * random();
  const colour = () => `hsl(${Math.floor(between(0, 360))},55%,${Math.floor(between(20, 40))}%)`;
  const parts: string[] = [];
  const scaleX = 5.5;
  const scaleY = 6.5;
  [...code].forEach((char, i) => {
    const glyph = GLYPHS[char];
    if (!glyph) throw new RangeError(`no captcha glyph for ${JSON.stringify(char)}`);
    const x = 12 + i * 30 + between(-3, 3);
    const y = 12 + between(-5, 5);
    const angle = between(-22, 22);
    const lines = glyph.map((line) => {
      const points = line
        .split(" ")
        .map((point) => {
          const [gx, gy] = point.split(",").map(Number) as [number, number];
          return `${round((gx + between(-0.25, 0.25)) * scaleX)},${round((gy + between(-0.2, 0.2)) * scaleY)}`;
        })
        .join(" ");
      return `<polyline points="${points}"/>`;
    });
    parts.push(
      `<g transform="translate(${round(x)} ${round(y)}) rotate(${round(angle)} 11 19)" stroke="${colour()}" stroke-width="${round(
        between(2.2, 3.2)
      )}">${lines.join("")}</g>`
    );
  });
  const noise: string[] = [];
  for (let i = 0; i < 7; i++) {
    noise.push(
      `<line x1="${round(between(0, WIDTH))}" y1="${round(between(0, HEIGHT))}" x2="${round(between(0, WIDTH))}" y2="${round(
        between(0, HEIGHT)
      )}" stroke="${colour()}" stroke-width="${round(between(0.8, 1.8))}"/>`
    );
  }
  for (let i = 0; i < 30; i++) {
    noise.push(`<circle cx="${round(between(0, WIDTH))}" cy="${round(between(0, HEIGHT))}" r="${round(between(0.6, 1.6))}" fill="${colour()}"/>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#f4f1ea"/>` +
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${parts.join("")}</g>${noise.join("")}</svg>`
  );
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
