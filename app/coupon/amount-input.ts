// Stake input ↔ minor units, without floating point (DESIGN principle 5): "12.5" with
// exponent 2 is 1250; anything that is not a plain non-negative decimal is null.

import { numberFormat } from "~/lib/format";

export function parseAmountInput(text: string, exponent: number): number | null {
  const trimmed = text.trim().replace(",", ".");
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(trimmed);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > exponent && /[1-9]/.test(fraction.slice(exponent))) return null;
  const minor = BigInt(match[1]!) * 10n ** BigInt(exponent) + BigInt((fraction.slice(0, exponent) || "0").padEnd(exponent, "0") || "0");
  const value = Number(minor);
  return Number.isSafeInteger(value) ? value : null;
}

export function minorToInput(amount: number, exponent: number): string {
  if (exponent === 0) return String(amount);
  const base = 10 ** exponent;
  const whole = Math.floor(amount / base);
  const fraction = String(amount % base).padStart(exponent, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const GROUPED: Intl.NumberFormatOptions = { useGrouping: true };

/** "1 250.50 RUB" in the page's language. */
export function formatMoney(amount: number, exponent: number, iso: string, lng: string): string {
  const value = minorToInput(amount, exponent);
  const [whole, fraction = ""] = value.split(".");
  const grouped = numberFormat(lng === "fa" || lng === "ar" ? "en" : lng, GROUPED).format(Number(whole));
  const digits = exponent > 0 ? `.${fraction.padEnd(exponent, "0")}` : "";
  return `${grouped}${digits} ${iso}`;
}
