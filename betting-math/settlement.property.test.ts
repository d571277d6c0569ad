import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CouponToSettle, settleCoupon, settleMultipleSingles } from "./settlement";
import type { SelectionStatusId } from "./status";

// settleCoupon against a second settlement written here from the rules alone: it lists every line
// of k selections with a plain loop, multiplies per-selection factors as exact fractions of BigInt
// and floors once at the end. Nothing is shared with betting-math (no elementary symmetric
// polynomials, no binomial, no decimal reader): a coefficient is generated as whole thousandths,
// so its exact value is known without parsing the number.

/** A fraction n/d, d > 0. */
interface Q {
  readonly n: bigint;
  readonly d: bigint;
}
const q = (n: bigint, d = 1n): Q => ({ n, d });
const mul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
const add = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);

type Settled = 0 | 1 | 2 | 3 | 4 | 5 | 6;
interface GenSelection {
  /** The coefficient in thousandths: 1010 is 1.01. */
  readonly milli: number;
  readonly statusId: Settled;
}

/** SPEC §4: the share of a line's stake × coef that a selection of this status keeps. */
function factor({ milli, statusId }: GenSelection): Q {
  const coef = q(BigInt(milli), 1000n);
  switch (statusId) {
    case 1:
      return coef; // win
    case 0:
      return q(0n); // lose
    case 2:
    case 3:
      return q(1n); // return, forced return
    case 4:
      return q(BigInt(milli) + 1000n, 2000n); // half win half return: (coef + 1)/2
    case 5:
      return q(1n, 2n); // half lose half return
    case 6:
      return q(BigInt(milli), 2000n); // half lose half win: coef/2
  }
}

/** Every set of k indexes out of 0..n−1, in lexicographic order (a plain odometer). */
function lines(n: number, k: number): number[][] {
  const out: number[][] = [];
  const idx = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    out.push([...idx]);
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return out;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}

/** The payout and the coupon's status, from the rules. */
function oracle(stake: number, selections: readonly GenSelection[], k: number, bankers: readonly GenSelection[]) {
  const all = lines(selections.length, k);
  let sum = q(0n);
  for (const line of all) {
    let product = q(1n);
    for (const i of line) product = mul(product, factor(selections[i]!));
    for (const banker of bankers) product = mul(product, factor(banker));
    sum = add(sum, product);
  }
  // Each of the all.length lines is staked stake / all.length.
  const total = mul(sum, q(BigInt(stake), BigInt(all.length)));
  const payout = Number(total.n / total.d);
  const everything = [...selections, ...bankers];
  const statusId: SelectionStatusId = everything.every((s) => s.statusId === 3) ? 3 : payout === 0 ? 0 : payout === stake ? 2 : payout > stake ? 1 : 5;
  return { payout, statusId };
}

const toSelection = (s: GenSelection) => ({ coef: s.milli / 1000, statusId: s.statusId });

const selectionArb: fc.Arbitrary<GenSelection> = fc.record({
  milli: fc.integer({ min: 1010, max: 50_000 }),
  statusId: fc.constantFrom<Settled>(0, 1, 2, 3, 4, 5, 6),
});
const stakeArb = fc.integer({ min: 1, max: 1_000_000_000 });

interface GenCoupon {
  readonly typeId: CouponToSettle["typeId"];
  readonly stake: number;
  readonly selections: readonly GenSelection[];
  readonly bankers: readonly GenSelection[];
  readonly k: number;
}

/** Singles (0, 9), expresses (1) and systems (2, 4) of up to 8 selections, k of 1..n, 0..2 bankers. */
const couponArb: fc.Arbitrary<GenCoupon> = fc
  .record({
    kind: fc.constantFrom("single", "express", "system", "system-style"),
    stake: stakeArb,
    selections: fc.array(selectionArb, { minLength: 1, maxLength: 8 }),
    bankers: fc.array(selectionArb, { minLength: 0, maxLength: 2 }),
    k: fc.integer({ min: 1, max: 8 }),
    nine: fc.boolean(),
  })
  .map(({ kind, stake, selections, bankers, k, nine }): GenCoupon => {
    if (kind === "single") return { typeId: nine ? 9 : 0, stake, selections: selections.slice(0, 1), bankers: [], k: 1 };
    if (kind === "express") return { typeId: 1, stake, selections, bankers: [], k: selections.length };
    return { typeId: kind === "system" ? 2 : 4, stake, selections, bankers, k: Math.min(k, selections.length) };
  });

function settle(c: GenCoupon) {
  return settleCoupon({
    typeId: c.typeId,
    stake: c.stake,
    selections: c.selections.map(toSelection),
    bankers: c.bankers.map(toSelection),
    ...(c.typeId === 2 || c.typeId === 4 ? { systemValue: c.k } : {}),
  });
}

describe("settleCoupon against a line-by-line settlement in exact fractions", () => {
  it("the odometer lists C(n, k) lines (5 of 8: 56; 4 of 8: 70)", () => {
    expect(lines(8, 5)).toHaveLength(56);
    expect(lines(8, 4)).toHaveLength(70);
    expect(lines(4, 2)).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
  });

  it("pays what the rules say, with the coupon status they give, for every type, status, k and banker", () => {
    fc.assert(
      fc.property(couponArb, (c) => {
        expect(settle(c)).toEqual({ state: "settled", ...oracle(c.stake, c.selections, c.k, c.bankers) });
      }),
      { numRuns: 2000 },
    );
  });

  it("multiple singles pay each single on its own stake", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ stake: stakeArb, selection: selectionArb }), { minLength: 1, maxLength: 6 }), (singles) => {
        const settled = settleMultipleSingles(singles.map((s) => ({ stake: s.stake, selection: toSelection(s.selection) })));
        expect(settled).toEqual(singles.map((s) => ({ state: "settled", ...oracle(s.stake, [s.selection], 1, []) })));
      }),
      { numRuns: 300 },
    );
  });

  it("never pays less than nothing nor more than every selection and banker winning", () => {
    const win = (s: GenSelection): GenSelection => ({ ...s, statusId: 1 });
    fc.assert(
      fc.property(couponArb, (c) => {
        const result = settle(c);
        const best = settle({ ...c, selections: c.selections.map(win), bankers: c.bankers.map(win) });
        if (result.state !== "settled" || best.state !== "settled") throw new Error("a settled coupon came back open");
        expect(result.payout).toBeGreaterThanOrEqual(0);
        expect(result.payout).toBeLessThanOrEqual(best.payout);
        expect(best.payout).toBe(oracle(c.stake, c.selections.map(win), c.k, c.bankers.map(win)).payout);
      }),
      { numRuns: 500 },
    );
  });

  it("stays open while any selection or banker is −2 (not calculated) or −1 (not started)", () => {
    fc.assert(
      fc.property(couponArb, fc.nat(), fc.constantFrom<SelectionStatusId>(-2, -1), (c, at, open) => {
        const everything = [...c.selections, ...c.bankers];
        const i = at % everything.length;
        const patched = everything.map((s, j) => ({ coef: s.milli / 1000, statusId: j === i ? open : s.statusId }));
        const result = settleCoupon({
          typeId: c.typeId,
          stake: c.stake,
          selections: patched.slice(0, c.selections.length),
          bankers: patched.slice(c.selections.length),
          ...(c.typeId === 2 || c.typeId === 4 ? { systemValue: c.k } : {}),
        });
        expect(result).toEqual({ state: "open" });
      }),
      { numRuns: 300 },
    );
  });
});
