// The sports pages under load with the simulator running (issue 13's bench): the live page, a live
// game page, the marble page, and the site's feed route both ways (a poll that gets 304, and one
// whose version is old so it gets the changes), at 50 connections, on PGlite and on PostgreSQL
// (TEST_DATABASE_URL). Prints requests per second, p50, p99 and the site's CPU per request, and
// the feed's 304 path against the live page (goal: at least 10×).
//
//   npm run build && npm run bench -- sports-pages        BENCH_DURATION_MS
import { existsSync } from "node:fs";
import { type DbKind, databases, startStack } from "../tests/support/stack";
import { type LoadResult, runLoad } from "./support/load";
import { sitePidOf, visitorCookies } from "./support/site";

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4000);
const CONNECTIONS = 50;
const SITE_PORT = Number(process.env.BENCH_SITE_PORT ?? 4142);

if (!existsSync("build/index.js")) {
  console.error("sports-pages: run `npm run build` first");
  process.exit(1);
}

const fmt = (r: LoadResult) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.cpuPerRequest.toFixed(2)} ms CPU/request`;

async function run(db: DbKind) {
  const stack = await startStack({ db, sports: true, sitePort: SITE_PORT, guardCache: true });
  try {
    const pid = sitePidOf(SITE_PORT);
    const headers = { cookie: await visitorCookies(stack.siteUrl, "/ru/live") };
    // A live game's page: its address from the feed, its canonical path from the redirect.
    const live = (await (await fetch(`${stack.platformUrl}/sports-api/feed/live`)).json()) as { games: { id: number; sportId: number; champId: number }[] };
    const game = live.games[0]!;
    const first = await fetch(`${stack.siteUrl}/ru/live/${game.sportId}/${game.champId}/${game.id}`, { redirect: "manual", headers });
    const gamePath = new URL(first.headers.get("location") ?? "/ru/live", stack.siteUrl).pathname;
    const feed = "/ru/sports-feed?section=live";
    const version = async () => ((await (await fetch(stack.siteUrl + feed, { headers })).json()) as { version: number }).version;

    const results: Array<[string, LoadResult]> = [];
    const measure = async (name: string, path: string, extra: Record<string, string>, status: number) => {
      const r = await runLoad({ origin: stack.siteUrl, path, headers: { ...headers, ...extra }, pid, expectStatus: status }, { connections: CONNECTIONS, durationMs: DURATION_MS });
      if (r.wrongStatus) console.warn(`  ${name}: ${r.wrongStatus} answers were not ${status}`);
      results.push([name, r]);
    };
    await measure("live page", "/ru/live", {}, 200);
    await measure("game page", gamePath, {}, 200);
    await measure("marble page", "/ru/marble", {}, 200);
    // A poll one version behind, while the simulator moves the games: the changes come back.
    await measure("feed, changes since the last version", `${feed}&v=${(await version()) - 1}`, {}, 200);
    // A poll that is up to date: paused, the scope keeps its version and the answer is 304.
    await fetch(`${stack.platformUrl}/__test/sports/pause`, { method: "POST" }).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 1500));
    const current = await fetch(stack.siteUrl + feed, { headers });
    await current.arrayBuffer();
    await measure("feed, 304 (If-None-Match)", feed, { "if-none-match": current.headers.get("etag") ?? "" }, 304);
    console.log(`sports pages on ${db}, ${CONNECTIONS} connections, simulator running:`);
    for (const [name, r] of results) console.log(`  ${name.padEnd(36)} ${fmt(r)}`);
    const page = results[0]![1].rps;
    const notModified = results[4]![1].rps;
    console.log(`  the feed's 304 path is ${(notModified / page).toFixed(1)}× the live page (goal ≥ 10×)`);
  } finally {
    await stack.stop();
  }
}

for (const db of databases) await run(db);
