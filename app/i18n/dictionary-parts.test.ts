import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dictionaryPart, dictionaryParts, dictionaryPartsOf, dictionaryUrl, handleNamespaces, isDictionaryPart } from "./languages";
import en from "./locales/en/common.json";

const appDir = new URL("..", import.meta.url).pathname;

describe("dictionary parts", () => {
  it("split a dictionary by its top-level sections: the console's texts and the rest, nothing lost", () => {
    const ops = dictionaryPart(en, "ops");
    const common = dictionaryPart(en, "common");
    expect(Object.keys(ops)).toEqual(["ops"]);
    expect(common).not.toHaveProperty("ops");
    expect(common.header).toBe(en.header);
    expect({ ...common, ...ops }).toEqual(en);
  });

  it("name only the parts there are", () => {
    expect(dictionaryParts.every(isDictionaryPart)).toBe(true);
    for (const name of [undefined, "", "admin", "common.json", "__proto__"]) expect(isDictionaryPart(name)).toBe(false);
  });

  it("a page needs: common, then what its routes' handles name, once each, known parts only", () => {
    const of = (handles: unknown[]) => dictionaryPartsOf(handles.flatMap(handleNamespaces));
    expect(of([])).toEqual(["common"]);
    expect(of([undefined, null, 3, {}, { i18n: 7 }])).toEqual(["common"]);
    expect(of([{ i18n: "ops" }, { other: true }])).toEqual(["common", "ops"]);
    expect(of([{ i18n: ["ops", "common", "admin"] }, { i18n: "ops" }])).toEqual(["common", "ops"]);
    // The browser's reading (remix-i18next) gives the names alone.
    expect(dictionaryPartsOf(["ops", "ops"])).toEqual(["common", "ops"]);
  });

  it("are fetched from one address per language, part and build", () => {
    expect(dictionaryUrl("ar", "ops", "3f2a9c1e")).toBe("/locales/ar/ops.json?v=3f2a9c1e");
    expect(dictionaryUrl("en", "common", "a b&c")).toBe("/locales/en/common.json?v=a%20b%26c");
  });

  it("keep the console's keys out of every component the site's pages render", () => {
    // A site page's browser never loads the `ops` part: an `ops.` key there would show as a key.
    const files = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".tsx") && !f.includes(".test.") && !f.startsWith(join("routes", "ops")),
    );
    expect(files.length).toBeGreaterThan(50);
    const using = files.filter((f) => /["'`]ops\./.test(readFileSync(join(appDir, f), "utf8")));
    expect(using).toEqual([]);
  });
});
