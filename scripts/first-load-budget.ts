// The first-load JavaScript budget (issue 33, decision 061): for every page type of the route
// table, the gzip bytes and files a first visit loads (the client entry, the route chain's
// modules and their imports, read from the build's manifest), against first-load-budget.json.
//
//   node --import tsx scripts/first-load-budget.ts           prints each page type's figures and its budget
//   node --import tsx scripts/first-load-budget.ts --write   writes the current figures as the budget
//
// A budget changes only with a decision record that says what the bytes buy; the build test
// (tests/integration/first-load-budget.test.ts) fails when a page type goes over by more than 1 KiB.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { firstLoadJs, kib } from "../bench/support/first-load.ts";
import { opsRouteTable, routeTable } from "../app/route-table.mjs";

export const BUDGET_FILE = join(process.cwd(), "first-load-budget.json");
/** What a page type may grow by before the test fails: one KiB gzip; files not at all. */
export const SLACK_GZIP_BYTES = 1024;

export interface PageBudget {
  gzip: number;
  files: number;
}

/** Page types: every route of the table but the resource routes (no page of their own). */
export function pageTypes(): string[] {
  return [...routeTable, ...opsRouteTable].filter((r) => !r.file.startsWith("routes/resources/")).map((r) => r.id);
}

/** Each page type's first load, its route chain followed through the manifest's parents. */
export async function measurePages(appDir = process.cwd()): Promise<Record<string, PageBudget>> {
  const build = (await import(join(appDir, "build/index.js"))) as { assets: { routes: Record<string, { parentId?: string }> } };
  const out: Record<string, PageBudget> = {};
  for (const id of pageTypes()) {
    const chain: string[] = [];
    for (let at: string | undefined = id; at; at = build.assets.routes[at]?.parentId) chain.unshift(at);
    const load = await firstLoadJs(appDir, chain);
    out[id] = { gzip: load.gzip, files: load.files };
  }
  return out;
}

export function readBudget(): Record<string, PageBudget> {
  return JSON.parse(readFileSync(BUDGET_FILE, "utf8")) as Record<string, PageBudget>;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const now = await measurePages();
  if (process.argv.includes("--write")) {
    const sorted = Object.fromEntries(Object.entries(now).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(BUDGET_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    console.log(`wrote ${Object.keys(now).length} page types to ${BUDGET_FILE}`);
  } else {
    let budget: Record<string, PageBudget> = {};
    try {
      budget = readBudget();
    } catch {
      // no budget yet: figures only
    }
    for (const [id, load] of Object.entries(now).sort(([, a], [, b]) => b.gzip - a.gzip)) {
      const b = budget[id];
      const over = b ? load.gzip - b.gzip : null;
      console.log(`${id.padEnd(22)} ${kib(load.gzip).padStart(10)} ${String(load.files).padStart(3)} files  budget ${b ? `${kib(b.gzip)} ${b.files} files` : "none"}${over !== null && over > 0 ? `  +${over} B` : ""}`);
    }
  }
}
