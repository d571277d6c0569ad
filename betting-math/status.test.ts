import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SELECTION_STATUS as S, SELECTION_STATUS_IDS, aboveLineStatus, bothScoreStatus, doubleChanceStatus, handicapStatus, matchResultStatus, totalStatus } from "./status";

describe("selection status from a final score", () => {
  // The Asian handicap and Asian total rules as bookmakers publish them (e.g. Pinnacle's
  // "Asian Handicap explained"): a quarter line is half the stake on each neighbouring line.
  it("settles totals on whole, half and quarter lines", () => {
    expect(totalStatus(3, 250, "over")).toBe(S.win);
    expect(totalStatus(2, 250, "over")).toBe(S.lose);
    expect(totalStatus(2, 200, "over")).toBe(S.return);
    expect(totalStatus(2, 225, "over")).toBe(S.halfLoseHalfReturn); // 2 → return, 2.5 → lose
    expect(totalStatus(3, 275, "over")).toBe(S.halfWinHalfReturn); // 2.5 → win, 3 → return
    expect(totalStatus(2, 225, "under")).toBe(S.halfWinHalfReturn);
    expect(totalStatus(3, 275, "under")).toBe(S.halfLoseHalfReturn);
    expect(totalStatus(1, 225, "under")).toBe(S.win);
  });

  it("settles handicaps on quarter lines", () => {
    expect(handicapStatus(1, 1, -25, "home")).toBe(S.halfLoseHalfReturn); // draw on −0.25
    expect(handicapStatus(1, 1, 25, "home")).toBe(S.halfWinHalfReturn); // draw on +0.25
    expect(handicapStatus(2, 1, -75, "home")).toBe(S.halfWinHalfReturn); // wins by 1 on −0.75
    expect(handicapStatus(3, 1, -75, "home")).toBe(S.win);
    expect(handicapStatus(2, 1, -100, "home")).toBe(S.return);
    expect(handicapStatus(2, 1, 75, "away")).toBe(S.halfLoseHalfReturn); // away +0.75 loses by 1
    expect(handicapStatus(0, 0, 0, "away")).toBe(S.return);
  });

  it("settles 1X2, double chance and both teams to score", () => {
    expect(matchResultStatus(2, 1, "home")).toBe(S.win);
    expect(matchResultStatus(1, 1, "draw")).toBe(S.win);
    expect(matchResultStatus(1, 1, "away")).toBe(S.lose);
    expect(doubleChanceStatus(1, 1, "1X")).toBe(S.win);
    expect(doubleChanceStatus(0, 1, "1X")).toBe(S.lose);
    expect(bothScoreStatus(1, 1, "yes")).toBe(S.win);
    expect(bothScoreStatus(1, 0, "yes")).toBe(S.lose);
    expect(bothScoreStatus(0, 0, "no")).toBe(S.win);
  });

  it("refuses lines that are not whole quarters and results that are not whole", () => {
    expect(() => aboveLineStatus(1, 30)).toThrow(RangeError);
    expect(() => aboveLineStatus(1.5, 50)).toThrow(RangeError);
  });

  it("over and under are mirror images on every line", () => {
    const mirror: Record<number, number> = { 0: 1, 1: 0, 2: 2, 4: 5, 5: 4 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 60 }), (total, quarters) => {
        const line = quarters * 25;
        expect(totalStatus(total, line, "under")).toBe(mirror[totalStatus(total, line, "over")]);
      }),
    );
  });

  it("a quarter line is the average of its two neighbours (as returned stake share)", () => {
    // share of the stake that wins / returns: whole-line results combined half and half
    const shares: Record<number, [number, number]> = { 0: [0, 0], 1: [2, 0], 2: [0, 2], 4: [1, 1], 5: [0, 1] };
    const share = (s: number): [number, number] => shares[s] ?? [Number.NaN, Number.NaN];
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 10 }), fc.integer({ min: -20, max: 20 }), (result, halfSteps) => {
        const line = halfSteps * 50 + 25;
        const [w, r] = share(aboveLineStatus(result, line));
        const [w1, r1] = share(aboveLineStatus(result, line - 25));
        const [w2, r2] = share(aboveLineStatus(result, line + 25));
        expect([w, r]).toEqual([(w1 + w2) / 2, (r1 + r2) / 2]);
      }),
    );
  });
});

describe("SELECTION_STATUS_IDS", () => {
  it("lists every SPEC §4 status id once, from -2 (not calculated) to 6 (half lose half win)", () => {
    expect(SELECTION_STATUS_IDS).toEqual([-2, -1, 0, 1, 2, 3, 4, 5, 6]);
    expect([...SELECTION_STATUS_IDS].sort((a, b) => a - b)).toEqual(Object.values(S).sort((a, b) => a - b));
  });
});
