// The patches bench (docs/PATCHES.md): what each change our patches make to the libraries gains,
// measured side by side in one run. Two copies of the site are built from one snapshot of the
// sources in temporary folders: "with" has every patch, "without" has one change taken out of its
// packages (bench/support/project-copy.ts; the changes are listed in bench/support/patch-changes.ts).
// Both serve against one platform, and the peer bench's load runs on each page the change serves,
// the two sites alternating round by round (which one goes first alternates too), so a busy
// machine slows both alike. Printed per change and page: throughput, p50, p99 and CPU per request
// of each site (medians over rounds) and the ratios (medians of each round's ratio); the
// first-load JavaScript of every page type when the change is in the browser build; route
// matching's cost for the router's changes; and for the Origin backport, a change of behaviour,
// the answers to a few foreign origins with and without it (its tests measure it).
//
//   npm run bench -- patches                           every change (about 25 minutes: run it in parts)
//   BENCH_PATCHES=router,render npm run bench -- patches   only changes whose id holds one of these
//   BENCH_PAGES=home,login                             only these of the pages a change serves
//   BENCH_ROUNDS (10), BENCH_DURATION_MS (2000)        rounds per page, length of each site's turn
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { root, startSite, stop } from "../scripts/processes.mjs";
import { pageTypes } from "../scripts/first-load-budget";
import { startStack } from "../tests/support/stack";
import { type BrowserAssets, type FirstLoad, browserAssets, firstLoadOf, kib } from "./support/first-load";
import { type LoadResult, median, runLoad } from "./support/load";
import { type PageName, type PatchChange, patchChanges } from "./support/patch-changes";
import { type ProjectCopy, makeProjectCopy } from "./support/project-copy";
import { visitorCookies } from "./support/site";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 2000);
/** Each site's turns on each page before the rounds, two passes, the sites alternating. */
const WARM_UP_MS = 2000;
const CONNECTIONS = 50;
const WITH_PORT = Number(process.env.BENCH_SITE_PORT ?? 4142);
const WITHOUT_PORT = WITH_PORT + 1;
const PLATFORM_PORT = WITH_PORT + 2;
/** The rule of docs/PATCHES.md: a speed-up that gains less than this on every page it serves goes. */
const KEEP_AT = 0.05;

const pagePaths: Record<PageName, string> = {
  home: "/ru/",
  login: "/ru/login",
  sports: "/ru/live",
  feed: "/ru/sports-feed?section=live",
};

/**
 * Nothing taken out: the same site twice. Its ratios are the bench's noise on this machine, the
 * yardstick for the 5 % rule (BENCH_PATCHES=control).
 */
const control: PatchChange = {
  id: "control",
  title: "nothing taken out: the whole site against itself (the bench's noise)",
  decision: "none",
  parts: [],
  pages: ["home", "login", "sports", "feed"],
  build: false,
};
const wanted = process.env.BENCH_PATCHES?.split(",").filter(Boolean);
const changes = wanted ? [control, ...patchChanges].filter((c) => wanted.some((w) => c.id.includes(w))) : patchChanges;
if (changes.length === 0) throw new Error(`BENCH_PATCHES: none of control, ${patchChanges.map((c) => c.id).join(", ")}`);
const onlyPages = process.env.BENCH_PAGES?.split(",").filter(Boolean);
const pagesOf = (c: PatchChange) => c.pages.filter((p) => !onlyPages || onlyPages.includes(p));

const f = (n: number, d = 1) => n.toFixed(d);
const pct = (ratio: number) => `${ratio >= 1 ? "+" : ""}${f((ratio - 1) * 100)} %`;
const load = () => loadavg().map((l) => f(l, 2)).join(" ");

console.log(
  `patches bench, ${new Date().toISOString().slice(0, 10)}: ${changes.map((c) => c.id).join(", ")}; ` +
    `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_MS} ms per site and page, alternating; machine load ${load()}`,
);

const copies: ProjectCopy[] = [];
const sites: Parameters<typeof stop>[0][] = [];
let stack: Awaited<ReturnType<typeof startStack>> | undefined;
async function cleanUp() {
  await Promise.all(sites.map((s) => stop(s)));
  await stack?.stop();
  for (const copy of copies.splice(0)) copy.remove();
}
process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

/** One measure of a change: with ÷ without for throughput, without ÷ with for costs (so above 1 is a gain). */
interface Gain {
  what: string;
  ratio: number;
}
interface Verdict {
  change: PatchChange;
  line: string;
}
const verdicts: Verdict[] = [];

try {
  // One snapshot of the sources: every copy below is made from this one, so the sites differ only
  // in the change taken out, even while the checkout is being edited.
  const whole = makeProjectCopy(root, "with");
  copies.push(whole);
  whole.build();
  const wholeAssets = browserAssets(whole.dir);
  const needsSites = changes.some((c) => pagesOf(c).length > 0 || c.behaviour);
  if (needsSites) stack = await startStack({ sports: true, site: false, platformPort: PLATFORM_PORT });
  const siteEnv = () => ({
    PLATFORM_URL: stack!.platformUrl,
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    NODE_ENV: "production",
    APP_ENV: "test",
  });
  const withOrigin = `http://127.0.0.1:${WITH_PORT}`;
  const withoutOrigin = `http://127.0.0.1:${WITHOUT_PORT}`;

  for (const change of changes) {
    const started = performance.now();
    console.log(`\n== ${change.id} (decision ${change.decision}): ${change.title}`);
    if (change.parts.length) console.log(`   taken out of ${change.parts.map((p) => p.pkg).join(", ")}`);
    const copy = makeProjectCopy(whole.dir, change.id, change.parts);
    copies.push(copy);
    copy.build();
    const gains: Gain[] = [];

    // Two builds of one source in two folders differ in their files' hashed names (and so by a
    // few bytes): only a change in the browser's code is compared.
    if (change.build) gains.push(...compareFirstLoads(whole.dir, wholeAssets, copy.dir, browserAssets(copy.dir)));

    const pages = pagesOf(change);
    if (pages.length > 0 || change.behaviour) {
      // Both sites start afresh for each change and warm up alike: a site that has served for
      // minutes answers faster than one just started (its code optimised, its caches full), which
      // a comparison with one long-running site would credit to the change.
      const pair = await Promise.all([
        startSite({ port: WITH_PORT, dir: whole.dir, quiet: true, env: siteEnv() }),
        startSite({ port: WITHOUT_PORT, dir: copy.dir, quiet: true, env: siteEnv() }),
      ]);
      sites.push(...pair);
      const [withSite, withoutSite] = pair;
      try {
        if (change.behaviour) await compareOriginAnswers(withOrigin, withoutOrigin);
        if (pages.length > 0) gains.push(...(await compareUnderLoad(pages, withOrigin, withSite.pid!, withoutOrigin, withoutSite.pid!)));
      } finally {
        await Promise.all(pair.map((s) => stop(s)));
        sites.splice(0);
      }
    }
    if (change.id.startsWith("router-")) compareRouteMatching(whole.dir, copy.dir);

    copies.splice(copies.indexOf(copy), 1);
    copy.remove();
    if (change.behaviour) {
      verdicts.push({ change, line: "a change of behaviour: kept while its tests pin it" });
    } else {
      const best = gains.reduce((a, b) => (b.ratio > a.ratio ? b : a), { what: "nothing measured", ratio: 1 });
      const keeps = best.ratio >= 1 + KEEP_AT;
      verdicts.push({
        change,
        line: `${keeps ? "gains 5 % or more" : "under 5 % everywhere"} (best: ${best.what} ${pct(best.ratio)}); ${gains.map((g) => `${g.what} ${pct(g.ratio)}`).join(", ")}`,
      });
    }
    console.log(`   (${f((performance.now() - started) / 1000, 0)} s; machine load ${load()})`);
  }
} finally {
  await cleanUp();
}

console.log("\n== summary: gain of each change (with ÷ without; CPU: without ÷ with), rule: kept at 5 % or more on some page");
for (const v of verdicts) console.log(`${v.change.id.padEnd(24)} ${v.line}`);
console.log(`machine load at the end ${load()}`);
// The bench imported nothing that keeps running; exit anyway so a stray handle cannot hold it open.
process.exit(0);

/** Every page type's first-load JavaScript in both builds; the pages named in the ledger first, then the largest changes. */
function compareFirstLoads(withDir: string, withAssets: BrowserAssets, withoutDir: string, withoutAssets: BrowserAssets): Gain[] {
  const chain = (assets: BrowserAssets, id: string) => {
    const ids: string[] = [];
    for (let at: string | undefined = id; at; at = assets.routes[at]?.parentId) ids.unshift(at);
    return ids;
  };
  const rows: { page: string; w: FirstLoad; wo: FirstLoad }[] = [{ page: "shell", w: firstLoadOf(withDir, withAssets, ["root", "lng"]), wo: firstLoadOf(withoutDir, withoutAssets, ["root", "lng"]) }];
  for (const id of pageTypes()) {
    if (!withAssets.routes[id] || !withoutAssets.routes[id]) continue;
    rows.push({ page: id, w: firstLoadOf(withDir, withAssets, chain(withAssets, id)), wo: firstLoadOf(withoutDir, withoutAssets, chain(withoutAssets, id)) });
  }
  const named = ["shell", "home", "login", "live", "ops-home"];
  const changed = rows.filter((r) => r.w.gzip !== r.wo.gzip || r.w.files !== r.wo.files);
  const gzipGain = (r: (typeof rows)[number]) => r.wo.gzip / r.w.gzip;
  const filesGain = (r: (typeof rows)[number]) => r.wo.files / r.w.files;
  console.log(`   first-load JavaScript (gzip, files) with → without, ${changed.length} of ${rows.length} page types differ:`);
  const shown = [...rows.filter((r) => named.includes(r.page)), ...changed.filter((r) => !named.includes(r.page)).sort((a, b) => gzipGain(b) - gzipGain(a)).slice(0, 5)];
  for (const r of shown) {
    console.log(
      `   ${r.page.padEnd(22)} ${kib(r.w.gzip).padStart(10)} ${String(r.w.files).padStart(3)} files → ${kib(r.wo.gzip).padStart(10)} ${String(r.wo.files).padStart(3)} files   gzip ${pct(gzipGain(r))}, files ${pct(filesGain(r))}`,
    );
  }
  const most = (by: (r: (typeof rows)[number]) => number) => rows.reduce((a, b) => (by(b) > by(a) ? b : a));
  const g = most(gzipGain);
  const n = most(filesGain);
  console.log(`   largest gain of the change: gzip ${pct(gzipGain(g))} (${g.page}); files ${pct(filesGain(n))} (${n.page})`);
  return [
    { what: `first-load gzip ${g.page}`, ratio: gzipGain(g) },
    { what: `first-load files ${n.page}`, ratio: filesGain(n) },
  ];
}

/** The pages under load, the two sites alternating; returns each page's median ratios. */
async function compareUnderLoad(pages: PageName[], withOrigin: string, withPid: number, withoutOrigin: string, withoutPid: number): Promise<Gain[]> {
  const browser = { "accept-encoding": "identity" };
  const headers = {
    with: { ...browser, cookie: await visitorCookies(withOrigin, "/ru/") },
    without: { ...browser, cookie: await visitorCookies(withoutOrigin, "/ru/") },
  };
  const target = (side: "with" | "without", page: PageName) => ({
    origin: side === "with" ? withOrigin : withoutOrigin,
    path: pagePaths[page],
    headers: headers[side],
    pid: side === "with" ? withPid : withoutPid,
  });
  // Both sites have just started: their code is optimised and their caches filled alike first.
  for (let pass = 0; pass < 2; pass++) {
    for (const page of pages) for (const side of ["with", "without"] as const) await runLoad(target(side, page), { connections: CONNECTIONS, durationMs: WARM_UP_MS });
  }

  const results = new Map<string, { with: LoadResult[]; without: LoadResult[] }>(pages.map((p) => [p, { with: [], without: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages) {
      const order = round % 2 === 0 ? (["with", "without"] as const) : (["without", "with"] as const);
      for (const side of order) {
        const r = await runLoad(target(side, page), { connections: CONNECTIONS, durationMs: DURATION_MS });
        if (r.wrongStatus) console.warn(`   ${page} ${side}: ${r.wrongStatus} answers were not 200`);
        results.get(page)![side].push(r);
      }
    }
  }
  console.log("   page      req/s with  without  ratio (middle half of rounds)   CPU ms/req with  without  ratio (middle half)      p50 ms with / without  p99 ms with / without");
  const out: Gain[] = [];
  for (const page of pages) {
    const { with: w, without: wo } = results.get(page)!;
    const m = (rs: LoadResult[], k: keyof LoadResult) => median(rs.map((r) => r[k] as number));
    const rpsRounds = w.map((r, i) => r.rps / wo[i]!.rps);
    const cpuRounds = w.map((r, i) => wo[i]!.cpuPerRequest / r.cpuPerRequest);
    const rps = median(rpsRounds);
    const cpu = median(cpuRounds);
    out.push({ what: `${page} req/s`, ratio: rps }, { what: `${page} CPU`, ratio: cpu });
    const spread = (rounds: number[]) => `(${pct(quantile(rounds, 0.25))} … ${pct(quantile(rounds, 0.75))})`;
    console.log(
      `   ${page.padEnd(8)} ${f(m(w, "rps"), 0).padStart(9)} ${f(m(wo, "rps"), 0).padStart(8)} ${pct(rps).padStart(8)} ${spread(rpsRounds).padEnd(24)}` +
        ` ${f(m(w, "cpuPerRequest"), 2).padStart(11)} ${f(m(wo, "cpuPerRequest"), 2).padStart(8)} ${pct(cpu).padStart(8)} ${spread(cpuRounds).padEnd(24)}` +
        ` ${f(m(w, "p50")).padStart(7)} / ${f(m(wo, "p50")).padEnd(7)}   ${f(m(w, "p99")).padStart(7)} / ${f(m(wo, "p99"))}`,
    );
  }
  return out;
}

/** The value below which a share `q` of the values lie (linear between neighbours). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
}

/** Route matching per page view at today's size and at 200 routes (bench/support/route-match.ts), run in each copy with its own router. */
function compareRouteMatching(withDir: string, withoutDir: string) {
  const measure = (dir: string) => {
    const script = `const { routeMatchCost } = await import("./bench/support/route-match.ts"); console.log(JSON.stringify(await routeMatchCost())); process.exit(0);`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`route matching in ${dir}: ${run.stderr}`);
    return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { realRoutes: number; realMs: number; bigRoutes: number; bigMs: number };
  };
  const w = measure(withDir);
  const wo = measure(withoutDir);
  console.log(
    `   route matching per page view (4 matches, a new pathname each): ${w.realRoutes} routes ${f(w.realMs, 3)} → ${f(wo.realMs, 3)} ms, ` +
      `${w.bigRoutes} routes ${f(w.bigMs, 3)} → ${f(wo.bigMs, 3)} ms (with → without)`,
  );
}

/** The Origin backport changes answers, not speed: a document POST with foreign, null and malformed origins on each site. */
async function compareOriginAnswers(withOrigin: string, withoutOrigin: string) {
  const answer = async (origin: string, value: string) => {
    const res = await fetch(`${origin}/ru/login`, {
      method: "POST",
      headers: { origin: value, "content-type": "application/x-www-form-urlencoded" },
      body: "login=a&password=b",
      redirect: "manual",
    });
    const body = (await res.text()).replace(/\s+/g, " ").slice(0, 50);
    return `${res.status} ${res.headers.get("content-type")?.split(";")[0] ?? "-"} "${body}"`;
  };
  for (const value of ["https://evil.example", "null", "http://["]) {
    console.log(`   POST /ru/login, Origin: ${value.padEnd(20)} with: ${await answer(withOrigin, value)}`);
    console.log(`   ${"".padEnd(37)} without: ${await answer(withoutOrigin, value)}`);
  }
}
