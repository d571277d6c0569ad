import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Handlers parse, call the domain and answer; queries and transactions live in platform/domain
// (issue 10). The test hooks are the one exception: they reach into tables to set up tests.
const EXEMPT = new Set(["test-hooks.ts"]);
const QUERY = /\.(selectFrom|updateTable|insertInto|deleteFrom|transaction)\(|\bsql[`<]/;

describe("platform/apis", () => {
  const dir = new URL(".", import.meta.url);
  const handlers = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !EXEMPT.has(f));

  it.each(handlers)("%s holds no SQL", (file) => {
    const lines = readFileSync(new URL(file, dir), "utf8").split("\n");
    const offending = lines.map((line, i) => `${i + 1}: ${line.trim()}`).filter((line) => QUERY.test(line));
    expect(offending).toEqual([]);
  });
});
