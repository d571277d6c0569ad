import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "./dictionaries.server";
import { supportedLanguages } from "./languages";
import { type Dictionary, createTranslate } from "./translator";

// Our translate function stands in for i18next's (decision 042), so it must give what i18next,
// set up as the site set it up before, gives: every key of every language, with and without its
// variables and counts.
function i18nextT(lng: string) {
  const instance = createInstance();
  void instance.init({ lng, ns: ["common"], defaultNS: "common", fallbackLng: false, resources, interpolation: { escapeValue: false }, initImmediate: false });
  return instance.getFixedT(lng, "common") as unknown as (key: string, options?: object) => string;
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 4, 5, 7, 11, 12, 14, 21, 22, 25, 100, 101, 111, 1.5];

function leaves(dict: Dictionary, prefix = ""): Array<[string, string]> {
  return Object.entries(dict).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === "string" ? [[key, v] as [string, string]] : leaves(v, key);
  });
}

describe("createTranslate agrees with i18next", () => {
  for (const lng of supportedLanguages) {
    it(lng, () => {
      const dictionary = resources[lng].common as unknown as Dictionary;
      const ours = createTranslate(lng, dictionary);
      const theirs = i18nextT(lng);
      const entries = leaves(dictionary);
      const variables = new Map<string, Set<string>>();
      for (const [key, text] of entries) {
        const base = key.replace(PLURAL, "");
        const names = variables.get(base) ?? new Set<string>();
        for (const m of text.matchAll(/{{-?\s*(.+?)\s*}}/g)) names.add(m[1]!);
        variables.set(base, names);
      }
      let compared = 0;
      for (const [base, names] of variables) {
        const values = Object.fromEntries([...names].map((n, i) => [n, `v${i}$&<b>`]));
        const cases: object[] = [{}, values, Object.fromEntries([...names].map((n) => [n, undefined]))];
        for (const count of COUNTS) cases.push({ ...values, count });
        for (const options of cases) {
          expect(ours(base, { ...options }), `${lng} ${base} ${JSON.stringify(options)}`).toBe(theirs(base, { ...options }));
          compared++;
        }
        expect(ours(`common:${base}`)).toBe(theirs(`common:${base}`));
      }
      expect(compared).toBeGreaterThan(1000);
      for (const options of [{}, { defaultValue: "fallback {{x}}", x: 7 }, { defaultValue: "" }, { count: 2 }]) {
        expect(ours("no.such.key", { ...options })).toBe(theirs("no.such.key", { ...options }));
      }
    });
  }
});

describe("createTranslate's memory of found strings", () => {
  it("keeps what it found, and finds a key a namespace adds after a miss", () => {
    const dictionary: Dictionary = { a: { b: "first" } };
    const t = createTranslate("en", dictionary);
    expect(t("a.b")).toBe("first");
    expect(t("a.b")).toBe("first");
    expect(t("late.key", { defaultValue: "" })).toBe("");
    dictionary.late = { key: "arrived" };
    expect(t("late.key")).toBe("arrived");
  });
});
