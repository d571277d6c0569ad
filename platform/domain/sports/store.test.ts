import { describe, expect, it } from "vitest";
import { mainLine } from "./store.ts";
import type { MarketRec } from "./types.ts";

const line = (id: number, coefs: number[]): MarketRec =>
  ({ id, gameId: 1, typeId: 5, period: 0, param: id, version: 1, blocked: false, settled: false, feedVersion: 1, outcomes: coefs.map((coef, i) => ({ id: id * 10 + i, typeId: i, key: String(i), coef, blocked: false, result: null, sort: i })) }) as MarketRec;

describe("mainLine", () => {
  it("picks the line whose two prices are closest", () => {
    expect(mainLine([line(1, [1937, 101]), line(2, [412, 122]), line(3, [195, 185]), line(4, [110, 650])]).id).toBe(3);
  });
  it("keeps the first of equally balanced lines, and a lone line", () => {
    expect(mainLine([line(1, [300, 140]), line(2, [140, 300])]).id).toBe(1);
    expect(mainLine([line(7, [150, 250])]).id).toBe(7);
  });
});
