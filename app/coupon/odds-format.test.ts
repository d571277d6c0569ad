import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRACTIONAL_LADDER, ODDS_FORMATS, coefViewIdForOddsFormat, formatOdds, oddsFormatForCoefViewId } from "./odds-format";

const all = (decimal: number) => Object.fromEntries(ODDS_FORMATS.map((format) => [format, formatOdds(decimal, format)]));

describe("formatOdds — published conversion tables", () => {
  // surebet.com wiki, "Odds formats": Decimal | Fractional | American | Hong Kong | Indonesian | Malaysian
  //   1.50 | 1/2 | -200 | 0.50 | -2.00 | 0.50
  //   2.00 | 1/1 | +100 | 1.00 |  1.00 | 1.00
  //   2.50 | 3/2 | +150 | 1.50 |  1.50 | -0.67
  //   3.00 | 2/1 | +200 | 2.00 |  2.00 | -0.50
  // betandskill.com's converter gives the same first row (1.50, 1/2, -200, HK 0.50, Indonesian -2.00, Malay 0.50).
  it.each([
    [1.5, { decimal: "1.50", fractional: "1/2", american: "-200", hongkong: "0.50", indonesian: "-2.00", malay: "0.50" }],
    [2, { decimal: "2.00", fractional: "1/1", american: "+100", hongkong: "1.00", indonesian: "1.00", malay: "1.00" }],
    [2.5, { decimal: "2.50", fractional: "3/2", american: "+150", hongkong: "1.50", indonesian: "1.50", malay: "-0.67" }],
    [3, { decimal: "3.00", fractional: "2/1", american: "+200", hongkong: "2.00", indonesian: "2.00", malay: "-0.50" }],
  ])("%s converts as in the surebet.com table", (decimal, expected) => {
    expect(all(decimal)).toEqual(expected);
  });

  // malteranalytics.com "Common Odds Reference": -110 = 1.91 = 10/11; -150 = 1.67 = 2/3
  // dynatyze.com odds converter: American -110 = Decimal 1.909 = Fractional 10/11
  it("1.91 is -110 and 10/11 (malteranalytics.com)", () => {
    expect(formatOdds(1.91, "american")).toBe("-110");
    expect(formatOdds(1.91, "fractional")).toBe("10/11");
  });

  it("1.909 is -110 and 10/11 (dynatyze.com)", () => {
    expect(formatOdds(1.909, "american")).toBe("-110");
    expect(formatOdds(1.909, "fractional")).toBe("10/11");
  });

  it("1.67 is 2/3 on the ladder (malteranalytics.com)", () => {
    expect(formatOdds(1.67, "fractional")).toBe("2/3");
  });

  // aussportsbetting.com odds conversion calculator: for decimal odds between 1.00 and 2.00
  // American = -100 / (decimal - 1); above 2.00 American = (decimal - 1) × 100; 3.00 is +200
  it("american follows the aussportsbetting.com formulas", () => {
    expect(formatOdds(1.25, "american")).toBe("-400");
    expect(formatOdds(4, "american")).toBe("+300");
    expect(formatOdds(2.05, "american")).toBe("+105");
  });
});

describe("formatOdds — decimal", () => {
  it("shows two decimals, three when the third is not zero", () => {
    expect(formatOdds(2, "decimal")).toBe("2.00");
    expect(formatOdds(1.5, "decimal")).toBe("1.50");
    expect(formatOdds(1.125, "decimal")).toBe("1.125");
    expect(formatOdds(1.2345, "decimal")).toBe("1.235");
    expect(formatOdds(1.9999, "decimal")).toBe("2.00");
  });

  it("keeps very long odds whole", () => {
    expect(formatOdds(1001, "decimal")).toBe("1001.00");
    expect(formatOdds(250000, "decimal")).toBe("250000.00");
  });
});

describe("formatOdds — edge cases", () => {
  it("2.00 is evens everywhere: +100, 1/1, 1.00", () => {
    expect(formatOdds(2, "american")).toBe("+100");
    expect(formatOdds(2, "fractional")).toBe("1/1");
    expect(formatOdds(2, "hongkong")).toBe("1.00");
  });

  it("below 1.01 every format shows the decimal price as it is", () => {
    for (const format of ODDS_FORMATS) {
      expect(formatOdds(1, format)).toBe("1.00");
      expect(formatOdds(1.005, format)).toBe("1.005");
    }
  });

  it("something that is not a price shows a dash", () => {
    for (const format of ODDS_FORMATS) {
      expect(formatOdds(Number.NaN, format)).toBe("—");
      expect(formatOdds(Number.POSITIVE_INFINITY, format)).toBe("—");
      expect(formatOdds(0.5, format)).toBe("—");
      expect(formatOdds(-2, format)).toBe("—");
    }
  });

  it("1.01, the shortest price, converts to its extremes", () => {
    expect(all(1.01)).toEqual({
      decimal: "1.01",
      american: "-10000",
      fractional: "1/100",
      hongkong: "0.01",
      malay: "0.01",
      indonesian: "-100.00",
    });
  });

  it("very long odds keep their size", () => {
    expect(all(1001)).toEqual({
      decimal: "1001.00",
      american: "+100000",
      fractional: "1000/1",
      hongkong: "1000.00",
      malay: "-0.001",
      indonesian: "1000.00",
    });
  });

  it("malay never shows a long price as 0.00", () => {
    expect(formatOdds(201, "malay")).toBe("-0.01"); // −0.005 rounds away from zero
    expect(formatOdds(401, "malay")).toBe("-0.0025");
    expect(formatOdds(101, "malay")).toBe("-0.01");
    expect(formatOdds(3001, "malay")).toBe("-0.0003");
  });
});

describe("formatOdds — fractional", () => {
  it("uses the exact fraction when it is simple", () => {
    expect(formatOdds(2.5, "fractional")).toBe("3/2");
    expect(formatOdds(1.125, "fractional")).toBe("1/8");
    expect(formatOdds(1.3, "fractional")).toBe("3/10");
    expect(formatOdds(3.7, "fractional")).toBe("27/10");
    expect(formatOdds(11, "fractional")).toBe("10/1");
    expect(formatOdds(1.05, "fractional")).toBe("1/20"); // not simple, but on the ladder
  });

  it("uses the nearest ladder entry otherwise", () => {
    expect(formatOdds(1.83, "fractional")).toBe("5/6");
    expect(formatOdds(2.62, "fractional")).toBe("13/8");
    expect(formatOdds(4.33, "fractional")).toBe("10/3");
    expect(formatOdds(1.36, "fractional")).toBe("4/11");
    expect(formatOdds(1.44, "fractional")).toBe("4/9");
    expect(formatOdds(1.333, "fractional")).toBe("1/3");
  });

  it("beyond the ladder's 1000/1 shows the whole number", () => {
    expect(formatOdds(2001.37, "fractional")).toBe("2000/1");
    expect(formatOdds(1501.5, "fractional")).toBe("3001/2"); // exact and simple
  });

  it("always gives an exact simple fraction, a ladder entry, or N/1 beyond the ladder, and the nearest one", () => {
    const ladder = FRACTIONAL_LADDER.map(([n, d]) => n / d);
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 150_000 }), (cents) => {
        const decimal = cents / 100;
        const profit = (cents - 100) / 100;
        const text = formatOdds(decimal, "fractional");
        const [top, bottom] = text.split("/").map(Number) as [number, number];
        const value = top / bottom;
        if (Math.abs(value - profit) < 1e-12) {
          expect(bottom <= 10 || ladder.includes(value)).toBe(true);
          return;
        }
        if (profit > 1000) {
          expect(bottom).toBe(1);
          expect(Math.abs(value - profit)).toBeLessThanOrEqual(0.5);
          return;
        }
        expect(ladder.some((entry) => Math.abs(entry - value) < 1e-12)).toBe(true);
        const best = Math.min(...ladder.map((entry) => Math.abs(entry - profit)));
        expect(Math.abs(value - profit)).toBeLessThanOrEqual(best + 1e-12);
      }),
    );
  });
});

describe("formatOdds — properties", () => {
  const oddsArb = fc.integer({ min: 101, max: 100_000 }).map((cents) => cents / 100);

  it("hong kong is decimal − 1", () => {
    fc.assert(
      fc.property(oddsArb, (decimal) => {
        expect(Number(formatOdds(decimal, "hongkong"))).toBeCloseTo(decimal - 1, 2);
      }),
    );
  });

  it("american is positive from 2.00 up and at least ±100 in size", () => {
    fc.assert(
      fc.property(oddsArb, (decimal) => {
        const text = formatOdds(decimal, "american");
        expect(text.startsWith(decimal >= 2 ? "+" : "-")).toBe(true);
        expect(Math.abs(Number(text))).toBeGreaterThanOrEqual(100);
      }),
    );
  });

  it("malay lies in [−1, 1] and indonesian outside (−1, 1)", () => {
    fc.assert(
      fc.property(oddsArb, (decimal) => {
        const malay = Number(formatOdds(decimal, "malay"));
        const indonesian = Number(formatOdds(decimal, "indonesian"));
        expect(Math.abs(malay)).toBeLessThanOrEqual(1);
        expect(Math.abs(indonesian)).toBeGreaterThanOrEqual(1);
        expect(malay < 0).toBe(decimal > 2);
        expect(indonesian < 0).toBe(decimal < 2);
      }),
    );
  });

  it("american and indonesian are the same number scaled by 100", () => {
    fc.assert(
      fc.property(oddsArb, (decimal) => {
        const american = Number(formatOdds(decimal, "american"));
        const indonesian = Number(formatOdds(decimal, "indonesian"));
        expect(Math.abs(american / 100 - indonesian)).toBeLessThanOrEqual(0.0051);
      }),
    );
  });
});

describe("coefficient view ids", () => {
  it("map to the six formats in the order of SPEC §5 and back", () => {
    ODDS_FORMATS.forEach((format, id) => {
      expect(oddsFormatForCoefViewId(id)).toBe(format);
      expect(coefViewIdForOddsFormat(format)).toBe(id);
    });
  });

  it("fall back to decimal for an unknown id", () => {
    expect(oddsFormatForCoefViewId(42)).toBe("decimal");
  });
});
