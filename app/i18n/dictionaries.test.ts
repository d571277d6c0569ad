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

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("dictionaries", () => {
  const reference = load("en");

  it.each(supportedLanguages.filter((l) => l !== "en"))("%s has exactly the keys of en", (lng) => {
    const dict = load(lng);
    expect([...dict.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it.each([...supportedLanguages])("%s has no empty strings and keeps every placeholder", (lng) => {
    for (const [key, value] of load(lng)) {
      expect(value.trim(), `${lng}:${key}`).not.toBe("");
      expect(placeholders(value), `${lng}:${key}`).toEqual(placeholders(reference.get(key) ?? ""));
    }
  });
});
