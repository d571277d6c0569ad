import { describe, expect, it } from "vitest";
import { formatOdds, type OddsFormat } from "../app/coupon/odds-format";
import { bonusBetCoefHundredths, bonusBetShapeRefusal, settleBonusBet } from "./bonus-bet";
import { type CouponToSettle, settleCoupon, settleMultipleSingles } from "./settlement";
import type { SelectionStatusId } from "./status";
import { vipBetShapeRefusal } from "./vip-bet";

// Settlement against payouts worked out by hand: every expected number below is written in the
// test, with its working, and none is computed by the code under test. Money is in minor units;
// the payout is stake × (per-line factors), floored once at the end. Factors per SPEC §4 status:
// 1 win → coef, 0 lose → 0, 2 return / 3 forced return → 1, 4 half win half return →
// (coef + 1)/2, 5 half lose half return → 1/2, 6 half lose half win → coef/2. A system "k of n"
// stakes stake / C(n, k) on each line; bankers sit in every line.
//
// The coupon's own status (couponStatusOf): 3 when every selection was force-returned, else
// 0 nothing back, 2 exactly the stake back, 1 more than the stake, 5 part of it back.

// SPEC §4 status ids, written out here rather than imported from the code under test.
const NC = -2 as const; // not calculated
const NS = -1 as const; // game not started
const L = 0 as const;
const W = 1 as const;
const R = 2 as const;
const FR = 3 as const;
const HW = 4 as const; // half win half return
const HL = 5 as const; // half lose half return
const HLW = 6 as const; // half lose half win

type Sel = readonly [coef: number, statusId: SelectionStatusId];
interface Row {
  readonly name: string;
  readonly typeId: CouponToSettle["typeId"];
  readonly stake: number;
  readonly selections: readonly Sel[];
  readonly bankers?: readonly Sel[];
  readonly k?: number;
  /** The hand-worked payout and coupon status, or "open". */
  readonly expected: readonly [payout: number, statusId: SelectionStatusId] | "open";
}

const sel = ([coef, statusId]: Sel) => ({ coef, statusId });
const times = (n: number, s: Sel): Sel[] => Array.from({ length: n }, () => s);

function settle(row: Pick<Row, "typeId" | "stake" | "selections" | "bankers" | "k">) {
  return settleCoupon({
    typeId: row.typeId,
    stake: row.stake,
    selections: row.selections.map(sel),
    ...(row.bankers ? { bankers: row.bankers.map(sel) } : {}),
    ...(row.k === undefined ? {} : { systemValue: row.k }),
  });
}

function expectRow(row: Row) {
  const result = settle(row);
  if (row.expected === "open") expect(result).toEqual({ state: "open" });
  else expect(result).toEqual({ state: "settled", payout: row.expected[0], statusId: row.expected[1] });
}

const SINGLES: Row[] = [
  // 1000 × 1.85 = 1850
  { name: "win", typeId: 0, stake: 1000, selections: [[1.85, W]], expected: [1850, W] },
  // nothing back
  { name: "lose", typeId: 0, stake: 1000, selections: [[1.85, L]], expected: [0, L] },
  // 1000 × 1 = 1000
  { name: "return", typeId: 0, stake: 1000, selections: [[1.85, R]], expected: [1000, R] },
  // 1000 × 1 = 1000, and every selection force-returned → 3
  { name: "forced return", typeId: 0, stake: 1000, selections: [[1.85, FR]], expected: [1000, FR] },
  // 1000 × (1.90 + 1)/2 = 1000 × 1.45 = 1450
  { name: "half win half return", typeId: 0, stake: 1000, selections: [[1.9, HW]], expected: [1450, W] },
  // 1000 × 1/2 = 500, part of the stake back → 5
  { name: "half lose half return", typeId: 0, stake: 1000, selections: [[1.9, HL]], expected: [500, HL] },
  // 1000 × 3.00/2 = 1500
  { name: "half lose half win above 2.00", typeId: 0, stake: 1000, selections: [[3, HLW]], expected: [1500, W] },
  // 1000 × 1.50/2 = 750 < 1000: part back → 5
  { name: "half lose half win below 2.00", typeId: 0, stake: 1000, selections: [[1.5, HLW]], expected: [750, HL] },
  { name: "not calculated (−2) is open", typeId: 0, stake: 1000, selections: [[1.85, NC]], expected: "open" },
  { name: "game not started (−1) is open", typeId: 0, stake: 1000, selections: [[1.85, NS]], expected: "open" },
  // 100 × 1.13 = 113 (in binary floating point 100 * 1.13 = 112.99999999999999)
  { name: "1.13, where floating point loses a unit", typeId: 0, stake: 100, selections: [[1.13, W]], expected: [113, W] },
  // 1000 × 1.005 = 1005 (floating point: 1004.9999999999999)
  { name: "1.005, where floating point loses a unit", typeId: 0, stake: 1000, selections: [[1.005, W]], expected: [1005, W] },
  // 999 × 1.999 = 1997.001 → 1997
  { name: "three decimals, just above a unit", typeId: 0, stake: 999, selections: [[1.999, W]], expected: [1997, W] },
  // 333 × 1.01 = 336.33 → 336
  { name: "the lowest price 1.01", typeId: 0, stake: 333, selections: [[1.01, W]], expected: [336, W] },
  // 12345 × 2.375 = 24690 + 4629.375 = 29319.375 → 29319
  { name: "three decimals 2.375", typeId: 0, stake: 12_345, selections: [[2.375, W]], expected: [29_319, W] },
  // 1001 × (1.875 + 1)/2 = 1001 × 1.4375 = 1438.9375 → 1438
  { name: "half win at three decimals", typeId: 0, stake: 1001, selections: [[1.875, HW]], expected: [1438, W] },
  // 999 × 2.005/2 = 999 × 1.0025 = 1001.4975 → 1001
  { name: "half lose half win at three decimals", typeId: 0, stake: 999, selections: [[2.005, HLW]], expected: [1001, W] },
  // 999 / 2 = 499.5 → 499
  { name: "half the stake of an odd stake", typeId: 0, stake: 999, selections: [[1.95, HL]], expected: [499, HL] },
  // 7 × (1.333 + 1)/2 = 7 × 1.1665 = 8.1655 → 8
  { name: "a small stake at a half win", typeId: 0, stake: 7, selections: [[1.333, HW]], expected: [8, W] },
  // 1,000,000 × 500 = 500,000,000
  { name: "a long price 500.00", typeId: 0, stake: 1_000_000, selections: [[500, W]], expected: [500_000_000, W] },
  // 10^9 × 1.001 = 1,001,000,000
  { name: "a large stake at 1.001", typeId: 0, stake: 1_000_000_000, selections: [[1.001, W]], expected: [1_001_000_000, W] },
  // A multiple-singles coupon (type 9) of one selection settles as a single: 1000 × 1.85 = 1850
  { name: "type 9 with its one selection", typeId: 9, stake: 1000, selections: [[1.85, W]], expected: [1850, W] },
];

const EXPRESSES: Row[] = [
  // 1000 × 1.85 × 2.10 = 3885
  { name: "two wins", typeId: 1, stake: 1000, selections: [[1.85, W], [2.1, W]], expected: [3885, W] },
  // one loser loses the express
  { name: "a win and a loss", typeId: 1, stake: 1000, selections: [[1.85, W], [2.1, L]], expected: [0, L] },
  // 1000 × 2.00 × 1 = 2000
  { name: "a return counts as 1", typeId: 1, stake: 1000, selections: [[2, W], [1.5, R]], expected: [2000, W] },
  // 1000 × 2.00 × 1 = 2000 (one forced return is not all of them: status 1)
  { name: "a forced return counts as 1", typeId: 1, stake: 1000, selections: [[2, W], [1.5, FR]], expected: [2000, W] },
  // 1000 × 1 × 1 = 1000, every selection force-returned → 3
  { name: "a cancelled express", typeId: 1, stake: 1000, selections: [[2, FR], [3, FR]], expected: [1000, FR] },
  // 1000 × 1 × 1 = 1000 → 2
  { name: "two returns", typeId: 1, stake: 1000, selections: [[2, R], [3, R]], expected: [1000, R] },
  // 1000 × 1 × 1 = 1000; not every one forced → 2
  { name: "a return and a forced return", typeId: 1, stake: 1000, selections: [[2, R], [3, FR]], expected: [1000, R] },
  // 1000 × 2.00 × (1.90 + 1)/2 = 1000 × 2 × 1.45 = 2900
  { name: "a win and a half win", typeId: 1, stake: 1000, selections: [[2, W], [1.9, HW]], expected: [2900, W] },
  // 1000 × 2.00 × 1/2 = 1000: exactly the stake → 2
  { name: "a win and a half loss", typeId: 1, stake: 1000, selections: [[2, W], [1.9, HL]], expected: [1000, R] },
  // 1000 × 1.80 × 2.50/2 = 1000 × 1.8 × 1.25 = 2250
  { name: "a win and a half lose half win", typeId: 1, stake: 1000, selections: [[1.8, W], [2.5, HLW]], expected: [2250, W] },
  // 1000 × 1/2 × 1/2 = 250
  { name: "two half losses", typeId: 1, stake: 1000, selections: [[1.5, HL], [1.6, HL]], expected: [250, HL] },
  // 1000 × 1.45 × 1.40 = 2030
  { name: "two half wins", typeId: 1, stake: 1000, selections: [[1.9, HW], [1.8, HW]], expected: [2030, W] },
  // 1000 × 2 × 1.45 × 0.5 × 1 × 1 × 1.2 = 1000 × 1.74 = 1740
  {
    name: "every settled status but lose",
    typeId: 1,
    stake: 1000,
    selections: [[2, W], [1.9, HW], [2.2, HL], [1.7, R], [3, FR], [2.4, HLW]],
    expected: [1740, W],
  },
  // the same with a loser: 0
  {
    name: "every settled status with a loser",
    typeId: 1,
    stake: 1000,
    selections: [[2, W], [1.9, HW], [2.2, HL], [1.7, R], [3, FR], [2.4, HLW], [1.5, L]],
    expected: [0, L],
  },
  // 1.333 × 2.125 = 2.832625; × 1.875 = 5.311171875; × 777 = 4126.780546875 → 4126
  { name: "three-decimal prices", typeId: 1, stake: 777, selections: [[1.333, W], [2.125, W], [1.875, W]], expected: [4126, W] },
  // 1.01^10 = 1.1046221254112045…; × 100,000 = 110,462.2125… → 110,462
  { name: "ten selections at 1.01", typeId: 1, stake: 100_000, selections: times(10, [1.01, W]), expected: [110_462, W] },
  // 50 × 40 × 30 = 60,000; × 1,000,000 = 60,000,000,000
  { name: "long prices", typeId: 1, stake: 1_000_000, selections: [[50, W], [40, W], [30, W]], expected: [60_000_000_000, W] },
  // 1.1³ = 1.331; × 1000 = 1331
  { name: "1.1 three times", typeId: 1, stake: 1000, selections: times(3, [1.1, W]), expected: [1331, W] },
  // 1.90 × 3.00 = 5.70; × 100 = 570 (floating point: 1.9 * 3 = 5.699999999999999)
  { name: "1.90 × 3.00, where floating point loses a unit", typeId: 1, stake: 100, selections: [[1.9, W], [3, W]], expected: [570, W] },
  // (1.955 + 1)/2 = 1.4775; × 1.01 = 1.492275; × 1000 = 1492.275 → 1492
  { name: "a half win at three decimals and 1.01", typeId: 1, stake: 1000, selections: [[1.955, HW], [1.01, W]], expected: [1492, W] },
  // 3 × 1.5 × 1.5 = 6.75 → 6
  { name: "a tiny stake", typeId: 1, stake: 3, selections: [[1.5, W], [1.5, W]], expected: [6, W] },
  // 1000 × (1/2)³ = 125
  { name: "three half losses", typeId: 1, stake: 1000, selections: times(3, [1.5, HL]), expected: [125, HL] },
  // 1000 × (1.60/2)² = 1000 × 0.64 = 640
  { name: "two half lose half wins below 2.00", typeId: 1, stake: 1000, selections: [[1.6, HLW], [1.6, HLW]], expected: [640, HL] },
  // 2.5 × 3.333 = 8.3325; × 1.777 = 14.8068525; × 4.25 = 62.929123125; × 10^9 = 62,929,123,125
  {
    name: "a stake of 10^9 at four prices",
    typeId: 1,
    stake: 1_000_000_000,
    selections: [[2.5, W], [3.333, W], [1.777, W], [4.25, W]],
    expected: [62_929_123_125, W],
  },
  { name: "open while a game has not started", typeId: 1, stake: 1000, selections: [[2, W], [1.5, NS]], expected: "open" },
  // A lost selection does not settle the express early: it waits for every selection.
  { name: "open with a loser and an uncalculated selection", typeId: 1, stake: 1000, selections: [[2, L], [1.5, NC]], expected: "open" },
];

const SYSTEMS: Row[] = [
  // 2/3: 3 lines of 600/3 = 200; only 1.90 × 2.00 = 3.80 wins: 200 × 3.8 = 760
  { name: "2/3 with one loser", typeId: 2, k: 2, stake: 600, selections: [[1.9, W], [2, W], [2.5, L]], expected: [760, W] },
  // 200 × (1.9×2 + 1.9×2.5 + 2×2.5) = 200 × (3.8 + 4.75 + 5) = 200 × 13.55 = 2710
  { name: "2/3 all win", typeId: 2, k: 2, stake: 600, selections: [[1.9, W], [2, W], [2.5, W]], expected: [2710, W] },
  // every line holds a loser
  { name: "2/3 with two losers", typeId: 2, k: 2, stake: 600, selections: [[1.9, W], [2, L], [2.5, L]], expected: [0, L] },
  // 1000/3 per line × 3.8 = 3800/3 = 1266.67 → 1266
  { name: "2/3, a stake that does not divide by 3", typeId: 2, k: 2, stake: 1000, selections: [[1.9, W], [2, W], [2.5, L]], expected: [1266, W] },
  // 100/3 × 13.55 = 1355/3 = 451.67 → 451 (flooring per line would give 450; flooring the line stake to 33, 447)
  { name: "2/3 all win on 100", typeId: 2, k: 2, stake: 100, selections: [[1.9, W], [2, W], [2.5, W]], expected: [451, W] },
  // 3/4: 4 lines of 250; only the line of the three 2.00 wins: 250 × 8 = 2000
  { name: "3/4 with one loser", typeId: 2, k: 3, stake: 1000, selections: [[2, W], [2, W], [2, W], [2, L]], expected: [2000, W] },
  // e3 = 1.5×2×2.5 + 1.5×2×3 + 1.5×2.5×3 + 2×2.5×3 = 7.5 + 9 + 11.25 + 15 = 42.75; × 250 = 10,687.5 → 10,687
  { name: "3/4 all win", typeId: 2, k: 3, stake: 1000, selections: [[1.5, W], [2, W], [2.5, W], [3, W]], expected: [10_687, W] },
  // 2/4: 6 lines of 100: 1.5×2 = 3, 1.5×(3.00 returned = 1) = 1.5, 2×1 = 2, lines with 2.5 lose: 100 × 6.5 = 650
  { name: "2/4 with a loser and a return", typeId: 2, k: 2, stake: 600, selections: [[1.5, W], [2, W], [2.5, L], [3, R]], expected: [650, W] },
  // factors 1.25, 0.5, 2.5, 0: 1.25×0.5 + 1.25×2.5 + 0.5×2.5 = 0.625 + 3.125 + 1.25 = 5; × 1000/6 = 833.33 → 833
  {
    name: "2/4 with half outcomes, 1000 over 6 lines",
    typeId: 2,
    k: 2,
    stake: 1000,
    selections: [[1.5, HW], [2, HL], [2.5, W], [3, L]],
    expected: [833, HL],
  },
  // banker 1.50 in each of 3 lines of 100: only 2×2 = 4 wins: 100 × 1.5 × 4 = 600
  {
    name: "2/3 with a banker",
    typeId: 2,
    k: 2,
    stake: 300,
    bankers: [[1.5, W]],
    selections: [[2, W], [2, W], [2, L]],
    expected: [600, W],
  },
  // the banker is in every line: it loses them all
  {
    name: "2/3 with a lost banker",
    typeId: 2,
    k: 2,
    stake: 300,
    bankers: [[1.5, L]],
    selections: [[2, W], [2, W], [2, W]],
    expected: [0, L],
  },
  // banker (1.80 + 1)/2 = 1.4; lines 2×3 + 2×1.5 + 3×1.5 = 6 + 3 + 4.5 = 13.5: 100 × 1.4 × 13.5 = 1890
  {
    name: "2/3 with a half-won banker",
    typeId: 2,
    k: 2,
    stake: 300,
    bankers: [[1.8, HW]],
    selections: [[2, W], [3, W], [1.5, W]],
    expected: [1890, W],
  },
  // bankers 1.2 × 1 (returned); only 2×2.5 = 5 wins: 1000/3 × 1.2 × 5 = 1000/3 × 6 = 2000
  {
    name: "2/3 with two bankers, one returned",
    typeId: 2,
    k: 2,
    stake: 1000,
    bankers: [[1.2, W], [1.5, R]],
    selections: [[2, W], [2.5, W], [1.8, L]],
    expected: [2000, W],
  },
  // 3/4 of 1.5s: 4 lines of 100, each 1.5³ = 3.375, banker 2: 100 × 2 × 4 × 3.375 = 2700
  { name: "3/4 with a banker", typeId: 2, k: 3, stake: 400, bankers: [[2, W]], selections: times(4, [1.5, W]), expected: [2700, W] },
  // banker 3.00/2 = 1.5; factors 2, 2, 1, 0: lines 2×2 + 2×1 + 2×1 = 8 (lines with the loser are 0): 100 × 1.5 × 8 = 1200
  {
    name: "2/4 with a half lose half win banker",
    typeId: 2,
    k: 2,
    stake: 600,
    bankers: [[3, HLW]],
    selections: [[2, W], [2, W], [1.5, R], [1.5, L]],
    expected: [1200, W],
  },
  // everything cancelled: 3 lines of 333 × 1 = 999, status 3
  {
    name: "2/3 all cancelled, banker too",
    typeId: 2,
    k: 2,
    stake: 999,
    bankers: [[1.5, FR]],
    selections: [[2, FR], [3, FR], [4, FR]],
    expected: [999, FR],
  },
  // 1.01×1.02 + 1.01×1.03 + 1.02×1.03 = 1.0302 + 1.0403 + 1.0506 = 3.1211; × 1000/3 = 1040.37 → 1040
  { name: "2/3 at the lowest prices", typeId: 2, k: 2, stake: 1000, selections: [[1.01, W], [1.02, W], [1.03, W]], expected: [1040, W] },
  // system-style (type 4) settles like a system: 200 × 13.55 = 2710
  { name: "type 4, 2/3 all win", typeId: 4, k: 2, stake: 600, selections: [[1.9, W], [2, W], [2.5, W]], expected: [2710, W] },
  // 1/3: three singles of 100: 100 × (2 + 0 + (1.5 + 1)/2) = 100 × 3.25 = 325
  { name: "1/3: three singles", typeId: 2, k: 1, stake: 300, selections: [[2, W], [3, L], [1.5, HW]], expected: [325, W] },
  // 3/3: one line, an express: 1000 × 1.5 × 2 × 2.5 = 7500
  { name: "3/3: one line", typeId: 2, k: 3, stake: 1000, selections: [[1.5, W], [2, W], [2.5, W]], expected: [7500, W] },
  // 2/8: C(8,2) = 28 lines of 100; the six winners make C(6,2) = 15 lines of 2×2 = 4: 100 × 15 × 4 = 6000
  { name: "2/8 with two losers", typeId: 2, k: 2, stake: 2800, selections: [...times(6, [2, W]), ...times(2, [2, L])], expected: [6000, W] },
  // 3/4 on 1001: one winning line of 1.5³ = 3.375: 1001/4 × 3.375 = 250.25 × 3.375 = 844.59 → 844 < 1001
  { name: "3/4 on 1001 with one loser", typeId: 2, k: 3, stake: 1001, selections: [...times(3, [1.5, W]), [1.5, L]], expected: [844, HL] },
  // factors 1.333, 2.125, (1.875 + 1)/2 = 1.4375: 2.832625 + 1.9161875 + 3.0546875 = 7.8035; × 1001/3 = 2603.77 → 2603
  {
    name: "2/3 at three-decimal prices on 1001",
    typeId: 2,
    k: 2,
    stake: 1001,
    selections: [[1.333, W], [2.125, W], [1.875, HW]],
    expected: [2603, W],
  },
  // 2/4 on 999,999 (166,666.5 a line): 12.5×40 + 12.5×1.01 + 40×1.01 = 500 + 12.625 + 40.4 = 553.025;
  // × 166,666.5 = 92,170,741.1625 → 92,170,741
  {
    name: "2/4 at long prices on 999,999",
    typeId: 2,
    k: 2,
    stake: 999_999,
    selections: [[12.5, W], [40, W], [7.777, L], [1.01, W]],
    expected: [92_170_741, W],
  },
  { name: "open while a selection is not settled", typeId: 2, k: 2, stake: 600, selections: [[2, W], [2, W], [2, NS]], expected: "open" },
  {
    name: "open while a banker is not settled",
    typeId: 2,
    k: 2,
    stake: 600,
    bankers: [[1.5, NC]],
    selections: [[2, W], [2, W], [2, W]],
    expected: "open",
  },
];

describe("settleCoupon against hand-worked payouts", () => {
  it.each(SINGLES)("single: $name", expectRow);
  it.each(EXPRESSES)("express: $name", expectRow);
  it.each(SYSTEMS)("system: $name", expectRow);

  it("multiple singles: each single on its own stake", () => {
    const singles: Array<[stake: number, coef: number, statusId: SelectionStatusId]> = [
      [100, 2, W], // 100 × 2 = 200
      [300, 2, L], // 0
      [250, 1.9, HW], // 250 × 1.45 = 362.5 → 362
      [999, 1.95, HL], // 999 / 2 = 499.5 → 499
      [500, 3, FR], // 500, cancelled
      [700, 1.5, NS], // open
    ];
    expect(settleMultipleSingles(singles.map(([stake, coef, statusId]) => ({ stake, selection: { coef, statusId } })))).toEqual([
      { state: "settled", payout: 200, statusId: W },
      { state: "settled", payout: 0, statusId: L },
      { state: "settled", payout: 362, statusId: W },
      { state: "settled", payout: 499, statusId: HL },
      { state: "settled", payout: 500, statusId: FR },
      { state: "open" },
    ]);
  });
});

describe("the bonus bet: an express of n ≥ 3 whose every selection won is paid × (1 + n/100), 1.1 beyond 9 (decision 034)", () => {
  const rows: Array<Row & { bonus: number }> = [
    // 2.1³ = 9.261; × 1.03 = 9.53883; × 10,000 = 95,388.3 → 95,388
    { name: "three at 2.10 on 10,000", typeId: 1, stake: 10_000, bonus: 103, selections: times(3, [2.1, W]), expected: [95_388, W] },
    // 1.5 × 1.45 × 2.5 = 5.4375; × 1.03 = 5.600625; × 100 = 560.0625 → 560, the possible win shown.
    // (Flooring the plain payout first, 543.75 → 543, then × 1.03 = 559.29 → 559, pays a unit less.)
    { name: "three on 100: the bonus floored once", typeId: 1, stake: 100, bonus: 103, selections: [[1.5, W], [1.45, W], [2.5, W]], expected: [560, W] },
    // 1.2⁵ = 2.48832; × 1.05 = 2.612736; × 1000 = 2612.736 → 2612
    { name: "five at 1.20", typeId: 1, stake: 1000, bonus: 105, selections: times(5, [1.2, W]), expected: [2612, W] },
    // 1.5⁹ = 38.443359375; × 1.09 = 41.90326171875; × 1000 = 41,903.26 → 41,903
    { name: "nine at 1.50", typeId: 1, stake: 1000, bonus: 109, selections: times(9, [1.5, W]), expected: [41_903, W] },
    // 1.1¹⁰ = 2.5937424601; × 1.10 = 2.85311670611; × 1000 = 2853.12 → 2853
    { name: "ten at 1.10", typeId: 1, stake: 1000, bonus: 110, selections: times(10, [1.1, W]), expected: [2853, W] },
    // a return loses the bonus: 10,000 × 2.1 × 2.1 × 1 = 44,100
    { name: "a return: no bonus", typeId: 1, stake: 10_000, bonus: 103, selections: [[2.1, W], [2.1, W], [2.1, R]], expected: [44_100, W] },
    // a half win loses the bonus: 1000 × 2 × 2 × 1.45 = 5800
    { name: "a half win: no bonus", typeId: 1, stake: 1000, bonus: 103, selections: [[2, W], [2, W], [1.9, HW]], expected: [5800, W] },
    // a cancelled game loses the bonus: 1000 × 2 × 2 × 1 = 4000
    { name: "a forced return: no bonus", typeId: 1, stake: 1000, bonus: 103, selections: [[2, W], [2, W], [1.9, FR]], expected: [4000, W] },
    { name: "a loser", typeId: 1, stake: 1000, bonus: 103, selections: [[2, W], [2, W], [1.9, L]], expected: [0, L] },
    { name: "open", typeId: 1, stake: 1000, bonus: 103, selections: [[2, W], [2, W], [1.9, NS]], expected: "open" },
  ];

  it.each(rows)("$name", (row) => {
    expect(bonusBetCoefHundredths(row.selections.length)).toBe(row.bonus);
    const coupon = { typeId: row.typeId, stake: row.stake, selections: row.selections.map(sel) };
    const result = settleBonusBet(coupon, row.bonus);
    if (row.expected === "open") expect(result).toEqual({ state: "open" });
    else expect(result).toEqual({ state: "settled", payout: row.expected[0], statusId: row.expected[1] });
  });

  it("qualifies as the spec says: three or more, each ≥ 1.10, total ≥ 1.01, no kind 7", () => {
    expect(bonusBetShapeRefusal({ isExpress: true, coefs: [210, 210, 210], marketKinds: [1, 4, 5] })).toBeNull();
    expect(bonusBetShapeRefusal({ isExpress: true, coefs: [210, 210], marketKinds: [1, 4] })).toBe("too-few-bets");
    expect(bonusBetShapeRefusal({ isExpress: true, coefs: [210, 109, 210], marketKinds: [1, 4, 5] })).toBe("bet-coef-too-low");
    expect(bonusBetShapeRefusal({ isExpress: true, coefs: [210, 210, 210], marketKinds: [1, 7, 5] })).toBe("market-kind-excluded");
    expect(bonusBetShapeRefusal({ isExpress: false, coefs: [210, 210, 210], marketKinds: [1, 4, 5] })).toBe("not-express");
  });
});

describe("the VIP bet changes who accepts the stake, not the payout (decision 035)", () => {
  // Once approved a VIP coupon is an open coupon like any other: the same settlement pays it.
  it("a VIP express of a stake above the maximum: 5,000,000 × 1.85 × 2.10 = 19,425,000", () => {
    expect(vipBetShapeRefusal({ typeId: 1, betCount: 2, anyLive: false })).toBeNull();
    expect(settle({ typeId: 1, stake: 5_000_000, selections: [[1.85, W], [2.1, W]] })).toEqual({ state: "settled", payout: 19_425_000, statusId: W });
  });

  it("a VIP system 2/3 with a banker: 3,000,000/3 × 1.5 × 2 × 2 = 6,000,000", () => {
    expect(vipBetShapeRefusal({ typeId: 2, betCount: 4, anyLive: false })).toBeNull();
    const coupon = { typeId: 2, k: 2, stake: 3_000_000, bankers: [[1.5, W]], selections: [[2, W], [2, W], [2, L]] } as const;
    expect(settle(coupon)).toEqual({ state: "settled", payout: 6_000_000, statusId: W });
  });

  it("multiple singles, a live bet or no bet cannot be a VIP bet", () => {
    expect(vipBetShapeRefusal({ typeId: 9, betCount: 2, anyLive: false })).toBe("multiple-singles");
    expect(vipBetShapeRefusal({ typeId: 1, betCount: 2, anyLive: true })).toBe("live-bet-in-coupon");
    expect(vipBetShapeRefusal({ typeId: 0, betCount: 0, anyLive: false })).toBe("no-bets");
  });
});

describe("prices quoted in other odds formats, converted to decimal by hand", () => {
  // fractional a/b → 1 + a/b; American +x → 1 + x/100, −x → 1 + 100/x; Hong Kong h → 1 + h;
  // Malay m > 0 → 1 + m, m < 0 → 1 + 1/|m|; Indonesian i > 0 → 1 + i, i < 0 → 1 + 1/|i|.
  // Each row also checks that the site shows the decimal in its format as quoted, which ties the
  // hand conversion to the site's own display.
  const rows: Array<{ quoted: string; format: OddsFormat; decimal: number; stake: number; payout: number; working: string }> = [
    { quoted: "5/2", format: "fractional", decimal: 3.5, stake: 1000, payout: 3500, working: "1 + 5/2 = 3.5; 1000 × 3.5" },
    { quoted: "11/8", format: "fractional", decimal: 2.375, stake: 800, payout: 1900, working: "1 + 11/8 = 2.375; 800 × 2.375" },
    // 4/6 (shown in lowest terms, 2/3) is 1.666…, which a book quotes as the decimal 1.67 and pays:
    // 1670, where a fractional calculator would give 1666.67.
    { quoted: "2/3", format: "fractional", decimal: 1.67, stake: 1000, payout: 1670, working: "1 + 4/6 ≈ 1.67; 1000 × 1.67" },
    { quoted: "+150", format: "american", decimal: 2.5, stake: 1000, payout: 2500, working: "1 + 150/100 = 2.5; 1000 × 2.5" },
    { quoted: "-200", format: "american", decimal: 1.5, stake: 1000, payout: 1500, working: "1 + 100/200 = 1.5; 1000 × 1.5" },
    { quoted: "-125", format: "american", decimal: 1.8, stake: 1250, payout: 2250, working: "1 + 100/125 = 1.8; 1250 × 1.8" },
    // −110 is 1.9090…, quoted 1.91: 1100 × 1.91 = 2101 (a calculator on −110 gives 2100)
    { quoted: "-110", format: "american", decimal: 1.91, stake: 1100, payout: 2101, working: "1 + 100/110 ≈ 1.91; 1100 × 1.91" },
    { quoted: "0.85", format: "hongkong", decimal: 1.85, stake: 1000, payout: 1850, working: "1 + 0.85 = 1.85; 1000 × 1.85" },
    { quoted: "0.75", format: "malay", decimal: 1.75, stake: 400, payout: 700, working: "1 + 0.75 = 1.75; 400 × 1.75" },
    { quoted: "-0.80", format: "malay", decimal: 2.25, stake: 400, payout: 900, working: "1 + 1/0.80 = 2.25; 400 × 2.25" },
    { quoted: "1.50", format: "indonesian", decimal: 2.5, stake: 1000, payout: 2500, working: "1 + 1.50 = 2.5; 1000 × 2.5" },
    { quoted: "-2.00", format: "indonesian", decimal: 1.5, stake: 1000, payout: 1500, working: "1 + 1/2.00 = 1.5; 1000 × 1.5" },
  ];

  it.each(rows)("$format $quoted: $working = $payout", ({ quoted, format, decimal, stake, payout }) => {
    expect(formatOdds(decimal, format)).toBe(quoted);
    expect(settle({ typeId: 0, stake, selections: [[decimal, W]] })).toEqual({ state: "settled", payout, statusId: W });
  });

  it("an express of 5/2, +150 and HK 0.85: 1000 × 3.5 × 2.5 × 1.85 = 16,187.5 → 16,187", () => {
    expect(settle({ typeId: 1, stake: 1000, selections: [[3.5, W], [2.5, W], [1.85, W]] })).toEqual({ state: "settled", payout: 16_187, statusId: W });
  });
});
