import { describe, expect, it } from "vitest";
import { FALLBACK_CURRENCY, amountStepFor } from "./currency";
import { CURRENCY_DEFAULTS, couponCurrency, currencyDefaults, nearestLadderAmount } from "./currency-defaults";
import { defaultCouponSettings } from "./model";

const rows = [...CURRENCY_DEFAULTS.values()];

// ISO 4217 minor units of the currencies whose exponent is not 2
const ISO_4217_EXPONENT_0 = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "XAF", "XOF", "XPF"];
const ISO_4217_EXPONENT_3 = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"];

describe("currency defaults table", () => {
  it("holds about 130 currencies, each once, by ISO code", () => {
    expect(rows.length).toBeGreaterThanOrEqual(125);
    expect(rows.length).toBeLessThanOrEqual(140);
    for (const row of rows) expect(row.iso).toMatch(/^[A-Z]{3}$/);
  });

  it("gives the spec's values (SPEC §9) in minor units", () => {
    expect(currencyDefaults("RUB")).toMatchObject({ exponent: 2, amountStep: 10_000, initialAmount: 15_000, source: "spec" });
    expect(currencyDefaults("USD")).toMatchObject({ exponent: 2, amountStep: 250, initialAmount: 500, source: "spec" });
    expect(currencyDefaults("EUR")).toMatchObject({ exponent: 2, amountStep: 250, initialAmount: 500, source: "spec" });
    expect(currencyDefaults("KWD")).toMatchObject({ exponent: 3, amountStep: 500, source: "spec-step" });
  });

  it("uses the ISO 4217 minor-unit exponents", () => {
    for (const row of rows) {
      const expected = ISO_4217_EXPONENT_0.includes(row.iso) ? 0 : ISO_4217_EXPONENT_3.includes(row.iso) ? 3 : 2;
      expect([row.iso, row.exponent]).toEqual([row.iso, expected]);
    }
  });

  it("every value the spec does not give is the one the written rule produces", () => {
    for (const row of rows) {
      if (row.source === "rule") {
        expect([row.iso, row.amountStep]).toEqual([row.iso, nearestLadderAmount(2.5 * row.usdRate, row.exponent)]);
      }
      if (row.source !== "spec") {
        expect([row.iso, row.initialAmount]).toEqual([row.iso, nearestLadderAmount(5 * row.usdRate, row.exponent)]);
      }
    }
  });

  it("the rule reproduces the spec's USD and EUR values", () => {
    for (const iso of ["USD", "EUR"]) {
      const row = currencyDefaults(iso);
      expect(nearestLadderAmount(2.5 * row.usdRate, row.exponent)).toBe(row.amountStep);
      expect(nearestLadderAmount(5 * row.usdRate, row.exponent)).toBe(row.initialAmount);
    }
  });

  it("amounts are whole positive minor units and the initial amount is above the step", () => {
    for (const row of rows) {
      expect(Number.isSafeInteger(row.amountStep) && row.amountStep > 0).toBe(true);
      expect([row.iso, row.initialAmount > row.amountStep]).toEqual([row.iso, true]);
    }
  });

  it("an unknown currency falls back to RUB", () => {
    expect(currencyDefaults("XYZ").iso).toBe("RUB");
    expect(currencyDefaults("usd").iso).toBe("USD");
  });
});

describe("nearestLadderAmount", () => {
  it("rounds to 1, 2, 2.5 or 5 times a power of ten, by ratio", () => {
    expect(nearestLadderAmount(2.3, 2)).toBe(250);
    expect(nearestLadderAmount(3.4, 2)).toBe(250);
    expect(nearestLadderAmount(3.6, 2)).toBe(500);
    expect(nearestLadderAmount(7, 2)).toBe(500);
    expect(nearestLadderAmount(7.2, 2)).toBe(1000);
    expect(nearestLadderAmount(375, 0)).toBe(500);
  });

  it("keeps to whole minor units: no 2.5 of a currency without decimals", () => {
    expect(nearestLadderAmount(2.4, 0)).toBe(2);
    expect(nearestLadderAmount(0.77, 3)).toBe(1000);
  });
});

describe("amountStepFor", () => {
  it("uses the bettor's own step only when set by hand", () => {
    const settings = { ...defaultCouponSettings(), amountStepByCurrencyIso: { USD: 100 } };
    expect(amountStepFor(couponCurrency("USD"), settings)).toBe(250);
    expect(amountStepFor(couponCurrency("USD"), { ...settings, isManualAmountStep: true })).toBe(100);
    expect(amountStepFor(couponCurrency("EUR"), { ...settings, isManualAmountStep: true })).toBe(250);
  });
});

describe("the currency the browser gets", () => {
  it("is the table's row without the rule's inputs, and RUB for an unknown currency", () => {
    expect(couponCurrency("usd")).toEqual({ iso: "USD", exponent: 2, amountStep: 250, initialAmount: 500 });
    expect(couponCurrency("XYZ")).toEqual(FALLBACK_CURRENCY);
    expect(currencyDefaults("RUB")).toMatchObject(FALLBACK_CURRENCY);
  });
});
