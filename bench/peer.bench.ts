// The peer bench (issue 12): the site's pages side by side with a bare Remix 2.17.5 page
// (bench/peer/: same compiler, React and future flags), under the same load in one run, site and
// bare alternating so a busy machine slows both alike. Prints per page: throughput, p50, p99, CPU
// per request of the serving process, the ratio of throughput to the bare page's, the time one
// request takes alone with its Server-Timing parts, and the site's own overhead (CPU per request
// less the React render); then the first-load JavaScript of home against the bare page.
//
//   npm run build && npm run bench -- peer              BENCH_ROUNDS, BENCH_DURATION_MS
//   npm run bench -- peer --cpu-prof                    also writes the site's CPU profile to .data/cpu-prof/
//   BENCH_PAGES=home npm run bench -- peer              only the pages named (home, login, sports, feed)
//   npm run bench -- peer --compressed                  asks for compressed answers, as browsers do
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { stop, waitForHttp } from "../scripts/processes.mjs";
import { startStack } from "../tests/support/stack";
import { chunkGzip, firstLoadJs, kib } from "./support/first-load";
import { type LoadResult, median, runLoad, serverTiming } from "./support/load";
import { routeMatchCost } from "./support/route-match";
import { sitePidOf, visitorCookies } from "./support/site";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4000);
const ALONE = Number(process.env.BENCH_ALONE ?? 60);
const CONNECTIONS = 50;
const SITE_PORT = Number(process.env.BENCH_SITE_PORT ?? 4132);
const PEER_PORT = Number(process.env.BENCH_PEER_PORT ?? 4133);
const PLATFORM_PORT = Number(process.env.BENCH_PLATFORM_PORT ?? 4134);
const cpuProf = process.argv.includes("--cpu-prof");
const compressed = process.argv.includes("--compressed");

const root = process.cwd();
const peerDir = join(root, "bench/peer");
if (!existsSync(join(root, "build/index.js"))) {
  console.error("peer: run `npm run build` first");
  process.exit(1);
}
const built = spawnSync(join(root, "node_modules/.bin/remix"), ["build"], { cwd: peerDir, stdio: ["ignore", "ignore", "inherit"] });
if (built.status !== 0) throw new Error("the bare peer app did not build");

const allPages = [
  { name: "home", path: "/ru/" },
  { name: "login", path: "/ru/login" },
  { name: "sports", path: "/ru/live" },
  { name: "feed", path: "/ru/sports-feed?section=live" },
];
// BENCH_PAGES=home,login measures only those pages (a profile of one page is easier to read).
const only = process.env.BENCH_PAGES?.split(",").filter(Boolean);
const pages = only ? allPages.filter((p) => only.includes(p.name)) : allPages;
if (pages.length === 0) throw new Error(`BENCH_PAGES: none of ${allPages.map((p) => p.name).join(", ")}`);

const profDir = join(root, ".data/cpu-prof");
if (cpuProf) mkdirSync(profDir, { recursive: true });
const stack = await startStack({
  sports: true,
  sitePort: SITE_PORT,
  platformPort: PLATFORM_PORT,
  guardCache: true,
  siteEnv: { SERVER_TIMING_CPU: "1" },
  siteNodeArgs: cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : [],
});
const peer = spawn(join(root, "node_modules/.bin/remix-serve"), ["build/index.js"], {
  cwd: peerDir,
  env: { ...process.env, PORT: String(PEER_PORT), HOST: "127.0.0.1", NODE_ENV: "production" },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  const peerOrigin = `http://127.0.0.1:${PEER_PORT}`;
  await waitForHttp(`${peerOrigin}/`);
  const sitePid = sitePidOf(SITE_PORT);
  // A returning visitor: the cookies the first visit set (language, CSRF token) come back.
  const cookies = await visitorCookies(stack.siteUrl, pages[0]!.path);
  // --compressed asks for compressed answers as every browser does (remix-serve then compresses
  // them, brotli first), on both apps; without it the answers are plain, as in issue 12's figures
  // (said outright: fetch, used for the requests alone, would otherwise ask for gzip).
  const browser = { "accept-encoding": compressed ? "gzip, deflate, br" : "identity" };
  const siteHeaders = { ...browser, cookie: cookies };

  const results = new Map<string, LoadResult[]>();
  const ratios = new Map<string, number[]>();
  const keep = (name: string, r: LoadResult) => results.set(name, [...(results.get(name) ?? []), r]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages) {
      const site = await runLoad({ origin: stack.siteUrl, path: page.path, headers: siteHeaders, pid: sitePid }, { connections: CONNECTIONS, durationMs: DURATION_MS });
      const bare = await runLoad({ origin: peerOrigin, path: "/", headers: browser, pid: peer.pid! }, { connections: CONNECTIONS, durationMs: DURATION_MS });
      keep(page.name, site);
      keep("bare", bare);
      ratios.set(page.name, [...(ratios.get(page.name) ?? []), site.rps / bare.rps]);
      if (site.wrongStatus) console.warn(`  ${page.name}: ${site.wrongStatus} answers were not 200`);
    }
  }

  // One request at a time, after the load: the code is warm, as in production, so a page's
  // render time does not carry the compiler's first passes.
  const alone = new Map<string, { ms: number; timing: Record<string, number> }>();
  for (const page of pages) alone.set(page.name, await oneAtATime(stack.siteUrl + page.path, siteHeaders));
  alone.set("bare", await oneAtATime(`${peerOrigin}/`, browser));

  const f = (n: number, d = 1) => n.toFixed(d);
  console.log(
    `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_MS} ms per page, site and bare alternating; medians over rounds; ${compressed ? "compressed (accept-encoding: gzip, deflate, br)" : "uncompressed"}`,
  );
  console.log("page     req/s   p50 ms  p99 ms  CPU ms/req  ×bare   alone ms  render CPU  overhead ms  server-timing (alone)");
  const bareCpu = median(results.get("bare")!.map((r) => r.cpuPerRequest));
  for (const name of [...pages.map((p) => p.name), "bare"]) {
    const rs = results.get(name)!;
    const cpu = median(rs.map((r) => r.cpuPerRequest));
    const a = alone.get(name)!;
    const render = a.timing["render-cpu"] ?? 0;
    const ratio = name === "bare" ? "1.00" : f(median(ratios.get(name)!), 2);
    const timing = Object.entries(a.timing).map(([k, v]) => `${k} ${f(v)}`).join(", ");
    console.log(
      [
        name.padEnd(7),
        f(median(rs.map((r) => r.rps)), 0).padStart(6),
        f(median(rs.map((r) => r.p50))).padStart(8),
        f(median(rs.map((r) => r.p99))).padStart(7),
        f(cpu, 2).padStart(11),
        ratio.padStart(6),
        f(a.ms).padStart(10),
        (name === "bare" || name === "feed" ? "" : f(render)).padStart(10),
        (name === "bare" ? "" : f(cpu - render, 2)).padStart(12),
        ` ${timing}`,
      ].join(" "),
    );
  }
  console.log(`bare page CPU per request: ${f(bareCpu, 2)} ms (goal: site overhead ≤ ${f(2 * bareCpu, 1)} ms, twice the bare page's whole cost)`);

  const home = await firstLoadJs(root, ["root", "lng", "home"]);
  // The shell alone: what every page of the site loads, whatever its content.
  const shell = await firstLoadJs(root, ["root", "lng"]);
  const bare = await firstLoadJs(peerDir, ["root", "routes/_index"]);
  console.log(
    `first-load JS: home ${kib(home.raw)} raw, ${kib(home.gzip)} gzip, ${home.files} files (${home.empty} empty); ` +
      `bare ${kib(bare.raw)} raw, ${kib(bare.gzip)} gzip, ${bare.files} files; shell overhead ${kib(home.gzip - bare.gzip)} gzip ` +
      `(goal ≤ 15), of which the shell (root and language layout, ${shell.files} files) ${kib(shell.gzip - bare.gzip)} and home's own content ${kib(home.gzip - shell.gzip)}`,
  );
  // Fetched before hydration with the page's scripts (entry.client.tsx); the console's part only on its pages.
  const part = async (name: string) => chunkGzip(Buffer.from(await (await fetch(`${stack.siteUrl}/locales/ru/${name}.json`)).arrayBuffer())).gzip;
  console.log(`dictionary before hydration (ru): ${kib(await part("common"))} gzip; the operations console adds ${kib(await part("ops"))}`);
  const match = await routeMatchCost();
  console.log(
    `route matching per page view (4 matches): ${match.realRoutes} routes ${f(match.realMs, 3)} ms CPU, ${match.bigRoutes} routes ${f(match.bigMs, 3)} ms: ` +
      `+${f(match.bigMs - match.realMs, 3)} ms per request at ${match.bigRoutes} routes (goal ≤ 1)`,
  );
} finally {
  await stop(peer);
  await stack.stop();
  if (cpuProf) console.log(`CPU profile of the site: ${profDir}`);
}

/** Median time of one request with nothing else running, and the median of each Server-Timing part. */
async function oneAtATime(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  const parts: Record<string, number[]> = {};
  for (let i = 0; i < ALONE + 5; i++) {
    const started = performance.now();
    // Only these requests ask the site for the render's CPU time (SERVER_TIMING_CPU=1 allows it).
    const res = await fetch(url, { headers: { ...headers, "x-server-timing-cpu": "1" } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i < 5) continue;
    times.push(performance.now() - started);
    for (const [k, v] of Object.entries(serverTiming(res.headers.get("server-timing")))) (parts[k] ??= []).push(v);
  }
  return { ms: median(times), timing: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, median(v)])) };
}
