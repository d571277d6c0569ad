// The exact coefficient (SPEC §3 exactCoef) as the bettor types it, read alike by the settings
// panel in the browser, its form without JavaScript and the place form: the least combined
// coefficient the bet API accepts, 1.01 to 100,000 with at most two decimals.

export const EXACT_COEF_MIN = 1.01;
export const EXACT_COEF_MAX = 100_000;

/**
 * The coefficient of a typed text: null for an empty text (no exact coefficient), undefined for
 * one that is not a coefficient the platform takes. A decimal comma reads as a point.
 */
export function parseExactCoef(text: string): number | null | undefined {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= EXACT_COEF_MIN && value <= EXACT_COEF_MAX ? value : undefined;
}

/** The exact coefficient as a form field writes it ("" when none): two decimals, as the platform reads it. */
export function exactCoefText(value: number | null): string {
  return value === null ? "" : value.toFixed(2);
}
