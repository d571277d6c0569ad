import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dictionaryUrl } from "./browser-dictionary";
import { dictionaryPart, dictionaryParts, dictionaryPartsOf, handleNamespaces, isDictionaryPart } from "./languages";
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

  it("leave a part other than common to the section of its name", () => {
    const dictionary = { header: { a: "1" }, ops: { b: "2" }, footer: { c: "3" } };
    expect(dictionaryPart(dictionary, "ops")).toEqual({ ops: { b: "2" } });
    expect(dictionaryPart(dictionary, "common")).toEqual({ header: { a: "1" }, footer: { c: "3" } });
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
    // Components and the hooks and helpers they use; server modules may name the console's keys,
    // and so may the console's own (its routes, its kit, the schemas of its forms).
    const consoleFiles = [join("routes", "ops", ""), join("components", "ops", ""), join("forms", "ops", "")];
    const files = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter(
      (f) => /\.tsx?$/.test(f) && !/\.(test|server)\./.test(f) && !consoleFiles.some((c) => f.startsWith(c)),
    );
    expect(files.length).toBeGreaterThan(50);
    const code = (f: string) => readFileSync(join(appDir, f), "utf8").split("\n").filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line));
    const using = files.filter((f) => code(f).some((line) => /["'`]ops\./.test(line)));
    expect(using).toEqual([]);
  });
});
