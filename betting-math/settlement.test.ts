import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SELECTION_STATUS as S, type SelectionStatusId } from "./status";
import { type CouponToSettle, couponStatusOf, settleCoupon, settleMultipleSingles } from "./settlement";

// ---------------------------------------------------------------- independent slow implementation
// Lists every line of the coupon, splits every half outcome into two half stakes that each win,
// lose or return whole, and adds the branches as exact fractions (numerator/denominator): no
// shared code with settleCoupon's elementary-symmetric shortcut or its factor table.

type Fraction = { n: bigint; d: bigint };
const frac = (n: bigint, d = 1n): Fraction => ({ n, d });
const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, size - 1).map((line) => [first, ...line]), ...combinations(rest, size)];
}

type Whole = "win" | "lose" | "return";
function halves(statusId: SelectionStatusId): Array<[Fraction, Whole]> {
  const half = frac(1n, 2n);
  switch (statusId) {
    case 0: return [[frac(1n), "lose"]];
    case 1: return [[frac(1n), "win"]];
    case 2: case 3: return [[frac(1n), "return"]];
    case 4: return [[half, "win"], [half, "return"]];
    case 5: return [[half, "lose"], [half, "return"]];
    case 6: return [[half, "lose"], [half, "win"]];
    default: throw new Error("open");
  }
}

function slowLine(stake: Fraction, line: Array<{ cents: number; statusId: SelectionStatusId }>): Fraction {
  // every combination of halves: weight × stake × Π(whole factor)
  let branches: Array<[Fraction, Fraction]> = [[frac(1n), frac(1n)]];
  for (const selection of line) {
    const next: Array<[Fraction, Fraction]> = [];
    for (const [weight, product] of branches) {
      for (const [w, outcome] of halves(selection.statusId)) {
        const factor = outcome === "win" ? frac(BigInt(selection.cents), 100n) : outcome === "return" ? frac(1n) : frac(0n);
        next.push([mul(weight, w), mul(product, factor)]);
      }
    }
    branches = next;
  }
  return branches.reduce((sum, [w, p]) => add(sum, mul(stake, mul(w, p))), frac(0n));
}

function slowSettle(stake: number, cents: Array<{ cents: number; statusId: SelectionStatusId }>, size: number, bankers: Array<{ cents: number; statusId: SelectionStatusId }>): number {
  const lines = combinations(cents, size);
  const perLine = frac(BigInt(stake), BigInt(lines.length));
  const total = lines.reduce((sum, line) => add(sum, slowLine(perLine, [...line, ...bankers])), frac(0n));
  return Number(total.n / total.d);
}

const statusArb = fc.constantFrom<SelectionStatusId>(0, 1, 2, 3, 4, 5, 6);
const selectionArb = fc.record({ cents: fc.integer({ min: 101, max: 2500 }), statusId: statusArb });
const toSelection = (s: { cents: number; statusId: SelectionStatusId }) => ({ coef: s.cents / 100, statusId: s.statusId });

describe("settleCoupon — worked examples", () => {
  it("a single pays stake × coef, a half win (coef + 1)/2, a half loss half the stake", () => {
    const single = (coef: number, statusId: SelectionStatusId) => settleCoupon({ typeId: 0, stake: 1000, selections: [{ coef, statusId }] });
    expect(single(1.85, S.win)).toEqual({ state: "settled", payout: 1850, statusId: S.win });
    expect(single(1.85, S.lose)).toEqual({ state: "settled", payout: 0, statusId: S.lose });
    expect(single(1.85, S.return)).toEqual({ state: "settled", payout: 1000, statusId: S.return });
    expect(single(1.85, S.forcedReturn)).toEqual({ state: "settled", payout: 1000, statusId: S.forcedReturn });
    expect(single(1.9, S.halfWinHalfReturn)).toEqual({ state: "settled", payout: 1450, statusId: S.win });
    expect(single(1.9, S.halfLoseHalfReturn)).toEqual({ state: "settled", payout: 500, statusId: S.halfLoseHalfReturn });
    expect(single(3, S.halfLoseHalfWin)).toEqual({ state: "settled", payout: 1500, statusId: S.win });
  });

  it("an express counts a returned selection as 1 and a half win as (coef + 1)/2", () => {
    const express = (selections: Array<[number, SelectionStatusId]>) =>
      settleCoupon({ typeId: 1, stake: 1000, selections: selections.map(([coef, statusId]) => ({ coef, statusId })) });
    expect(express([[2, S.win], [1.5, S.win]])).toMatchObject({ payout: 3000 });
    expect(express([[2, S.win], [1.5, S.return]])).toMatchObject({ payout: 2000 });
    expect(express([[2, S.win], [1.5, S.lose]])).toMatchObject({ payout: 0, statusId: S.lose });
    expect(express([[2, S.win], [1.9, S.halfWinHalfReturn]])).toMatchObject({ payout: 2900 }); // 2 × 1.45
    expect(express([[2, S.win], [1.9, S.halfLoseHalfReturn]])).toMatchObject({ payout: 1000 }); // 2 × 0.5
    expect(express([[2, S.win], [1.9, S.forcedReturn], [3, S.win]])).toMatchObject({ payout: 6000 });
  });

  it("a system pays per line: 2 of 3 at 1.90, 2.00, 2.50 for 600 with one loser", () => {
    // lines 1.9×2 = 3.8 (wins), 1.9×2.5 and 2×2.5 lose: 200 × 3.8 = 760
    const result = settleCoupon({
      typeId: 2,
      stake: 60_000,
      systemValue: 2,
      selections: [
        { coef: 1.9, statusId: S.win },
        { coef: 2, statusId: S.win },
        { coef: 2.5, statusId: S.lose },
      ],
    });
    expect(result).toEqual({ state: "settled", payout: 76_000, statusId: S.win });
  });

  it("stays open while any selection is not settled", () => {
    expect(settleCoupon({ typeId: 1, stake: 100, selections: [{ coef: 2, statusId: S.win }, { coef: 2, statusId: S.notStarted }] })).toEqual({ state: "open" });
    expect(settleCoupon({ typeId: 0, stake: 100, selections: [{ coef: 2, statusId: S.notCalculated }] })).toEqual({ state: "open" });
  });

  it("a cancelled game returns the stake with status 3", () => {
    expect(settleCoupon({ typeId: 1, stake: 777, selections: [{ coef: 2, statusId: S.forcedReturn }, { coef: 3, statusId: S.forcedReturn }] })).toEqual({
      state: "settled",
      payout: 777,
      statusId: S.forcedReturn,
    });
  });

  it("multiple singles settle one by one", () => {
    expect(
      settleMultipleSingles([
        { stake: 100, selection: { coef: 2, statusId: S.win } },
        { stake: 300, selection: { coef: 2, statusId: S.lose } },
      ]).map((s) => (s.state === "settled" ? s.payout : null)),
    ).toEqual([200, 0]);
  });

  it("gives status 3 only when every selection was force-returned", () => {
    expect(settleCoupon({ typeId: 1, stake: 100, selections: [{ coef: 2, statusId: S.forcedReturn }, { coef: 3, statusId: S.win }] })).toEqual({
      state: "settled",
      payout: 300,
      statusId: S.win,
    });
    expect(couponStatusOf(100, 0, [])).toBe(S.lose);
    expect(couponStatusOf(100, 100, [{ coef: 2, statusId: S.return }])).toBe(S.return);
    expect(couponStatusOf(100, 50, [{ coef: 2, statusId: S.halfLoseHalfReturn }])).toBe(S.halfLoseHalfReturn);
  });

  it("refuses every impossible shape with a message saying what is wrong", () => {
    const win = { coef: 2, statusId: S.win };
    expect(() => settleCoupon({ typeId: 0, stake: 1, selections: [] })).toThrow("a coupon has at least one selection");
    expect(() => settleCoupon({ typeId: 0, stake: 1, selections: [win, win] })).toThrow("a single has exactly one selection");
    expect(() => settleCoupon({ typeId: 9, stake: 1, selections: [win, win] })).toThrow("a single has exactly one selection");
    expect(() => settleCoupon({ typeId: 0, stake: 1, selections: [win], bankers: [win] })).toThrow("a single has exactly one selection");
    expect(() => settleCoupon({ typeId: 1, stake: 1, selections: [win, win], bankers: [win] })).toThrow("an express has no bankers");
    expect(() => settleCoupon({ typeId: 2, stake: 1, systemValue: 3, selections: [win, win] })).toThrow("system value must be from 1 to 2, got 3");
    expect(() => settleCoupon({ typeId: 2, stake: 1, systemValue: 0, selections: [win, win] })).toThrow("system value must be from 1 to 2, got 0");
    expect(() => settleCoupon({ typeId: 2, stake: 1, systemValue: 1.5, selections: [win, win] })).toThrow("got 1.5");
    expect(() => settleCoupon({ typeId: 4, stake: 1, selections: [win, win] })).toThrow("got undefined");
    // The edges themselves are fine: 1 of 2 and 2 of 2.
    expect(settleCoupon({ typeId: 2, stake: 100, systemValue: 1, selections: [win, win] })).toMatchObject({ state: "settled", payout: 200 });
    expect(settleCoupon({ typeId: 2, stake: 100, systemValue: 2, selections: [win, win] })).toMatchObject({ state: "settled", payout: 400 });
  });

  it("refuses an impossible coupon shape", () => {
    expect(() => settleCoupon({ typeId: 2, stake: 1, systemValue: 4, selections: [{ coef: 2, statusId: 1 }] })).toThrow(RangeError);
    expect(() => settleCoupon({ typeId: 0, stake: 1, selections: [] })).toThrow(RangeError);
    expect(() => settleCoupon({ typeId: 0, stake: 1.5, selections: [{ coef: 2, statusId: 1 }] })).toThrow(RangeError);
  });
});

describe("settleCoupon — against the slow implementation", () => {
  it("express: equals splitting every half outcome into half stakes", () => {
    fc.assert(
      fc.property(fc.array(selectionArb, { minLength: 1, maxLength: 7 }), fc.integer({ min: 0, max: 10_000_000 }), (selections, stake) => {
        const coupon: CouponToSettle = { typeId: selections.length === 1 ? 0 : 1, stake, selections: selections.map(toSelection) };
        const result = settleCoupon(coupon);
        expect(result.state).toBe("settled");
        if (result.state === "settled") expect(result.payout).toBe(slowSettle(stake, selections, selections.length, []));
      }),
      { numRuns: 300 },
    );
  });

  it("system with bankers: equals listing every line", () => {
    fc.assert(
      fc.property(
        fc.array(selectionArb, { minLength: 2, maxLength: 7 }),
        fc.array(selectionArb, { maxLength: 2 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 7 }),
        (selections, bankers, stake, rawSize) => {
          const size = Math.min(rawSize, selections.length);
          const result = settleCoupon({ typeId: 2, stake, systemValue: size, selections: selections.map(toSelection), bankers: bankers.map(toSelection) });
          expect(result.state).toBe("settled");
          if (result.state === "settled") expect(result.payout).toBe(slowSettle(stake, selections, size, bankers));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("never pays more than every selection winning, nor less than nothing", () => {
    fc.assert(
      fc.property(fc.array(selectionArb, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 1_000_000 }), (selections, stake) => {
        const result = settleCoupon({ typeId: 1, stake, selections: selections.map(toSelection) });
        const best = settleCoupon({ typeId: 1, stake, selections: selections.map((s) => ({ coef: s.cents / 100, statusId: S.win })) });
        if (result.state !== "settled" || best.state !== "settled") throw new Error("open");
        expect(result.payout).toBeGreaterThanOrEqual(0);
        expect(result.payout).toBeLessThanOrEqual(best.payout);
      }),
    );
  });
});

describe("winRatio, winForStake, maxStakeForWin", () => {
  it("a single's ratio is its coefficient, an express the product, a system Σ lines / lines", async () => {
    const { winRatio, winForStake, ratioToString } = await import("./coupon-math");
    expect(ratioToString(winRatio({ typeId: 0, coefs: [1.85] }))).toBe("1.8500");
    expect(ratioToString(winRatio({ typeId: 1, coefs: [3.1, 3.2, 3.35] }))).toBe("33.2320");
    expect(winForStake(60_000, winRatio({ typeId: 2, coefs: [1.9, 2, 2.5], systemValue: 2 }))).toBe(271_000);
  });

  it("the largest stake within a payout limit: one more minor unit would exceed it", async () => {
    const { winRatio, winForStake, maxStakeForWin } = await import("./coupon-math");
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 101, max: 3000 }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 1e9 }), (cents, limit) => {
        const ratio = winRatio({ typeId: 1, coefs: cents.map((c) => c / 100) });
        const stake = maxStakeForWin(limit, ratio);
        expect(winForStake(stake, ratio)).toBeLessThanOrEqual(limit);
        expect(winForStake(stake + 1, ratio)).toBeGreaterThan(limit);
      }),
    );
  });
});
