import { describe, expect, it } from "vitest";
import { BLOCK_REASONS, BLOCK_REASONS_BY_PAGE, DEPOSIT_LIMIT_TYPES, LIMIT_TYPE } from "./spec-codes.mjs";

describe("spec codes", () => {
  it("gives each block reason one page (SPEC §4)", () => {
    expect(new Set(BLOCK_REASONS).size).toBe(BLOCK_REASONS.length);
    expect([...BLOCK_REASONS].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 8, 13, 14, 16, 17]);
    expect(BLOCK_REASONS_BY_PAGE["block-ie"]).toEqual([17]);
  });

  it("names each limit type once (SPEC §9)", () => {
    const values = Object.values(LIMIT_TYPE);
    expect(new Set(values).size).toBe(values.length);
    expect(DEPOSIT_LIMIT_TYPES).toEqual([20, 21, 22]);
  });
});
