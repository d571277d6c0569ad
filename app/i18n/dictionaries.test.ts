import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "./languages";

type Dict = { [key: string]: string | Dict };

function flatten(dict: Dict, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(dict)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const load = (lng: string) =>
  flatten(JSON.parse(readFileSync(new URL(`./locales/${lng}/common.json`, import.meta.url), "utf8")) as Dict);

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

// i18next plural keys end in a CLDR category; each language has its own set of categories.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, "");
const categories = (lng: string) => new Intl.PluralRules(lng).resolvedOptions().pluralCategories;

describe("dictionaries", () => {
  const reference = load("en");
  const referenceBases = new Set([...reference.keys()].map(base));
  const pluralBases = new Set([...reference.keys()].filter((k) => PLURAL.test(k)).map(base));

  it.each(supportedLanguages.filter((l) => l !== "en"))("%s has exactly the keys of en (plural forms by its own rules)", (lng) => {
    const dict = load(lng);
    expect([...new Set([...dict.keys()].map(base))].sort()).toEqual([...referenceBases].sort());
    for (const key of dict.keys()) {
      if (PLURAL.test(key)) expect(pluralBases.has(base(key)), `${lng}:${key} is plural only here`).toBe(true);
    }
  });

  it.each([...supportedLanguages])("%s has every plural form its language needs", (lng) => {
    const dict = load(lng);
    for (const key of pluralBases) {
      for (const category of categories(lng)) {
        // "zero" is optional in CLDR-driven i18next: without it the number rule's form is used.
        if (category === "zero") continue;
        expect(dict.has(`${key}_${category}`), `${lng}: ${key}_${category}`).toBe(true);
      }
    }
  });

  it.each([...supportedLanguages])("%s has no empty strings and keeps every placeholder", (lng) => {
    for (const [key, value] of load(lng)) {
      expect(value.trim(), `${lng}:${key}`).not.toBe("");
      const ref = reference.get(key) ?? reference.get(`${base(key)}_other`) ?? "";
      // A plural form may leave out {{count}} (e.g. "one rule"), but adds no other placeholder.
      const allowed = new Set(placeholders(ref));
      for (const p of placeholders(value)) expect(allowed.has(p), `${lng}:${key} uses {{${p}}}`).toBe(true);
      if (!PLURAL.test(key)) expect(placeholders(value), `${lng}:${key}`).toEqual(placeholders(ref));
    }
  });
});
