// The place action through the site (issue 14): signed-in bettors post the place form as a
// browser without JavaScript does (CSRF token, idempotency key, the bets field), many at once,
// and each answer is the redirect to the coupon's result page. Prints placements per second and
// the latency p50/p95/p99 of the whole action (site guards, the bet API, the ledger, the answer),
// then checks the ledger: 0 lost, 0 doubled, 0 negative. PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set. Needs the build.
//
//   npm run build && npm run bench -- place-action      BENCH_DURATION_MS (default 8000)
import { existsSync } from "node:fs";
import { join } from "node:path";
import { root } from "../scripts/processes.mjs";
import { CookieJar, csrfToken, getPage, postForm } from "../tests/support/forms";
import { startStack } from "../tests/support/stack";
import { benchDatabases, closedLoop, cpuPerOperation, ledgerFaults } from "./support/load";
import { sitePidOf } from "./support/site";

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000);
const BETTORS = 20;
const DEPOSIT = 100_000_000;
/** The stake in the form, in roubles; the ledger counts kopecks. */
const STAKE_RUB = 10;
const dbs = benchDatabases();
// `npm run bench -- place-action --cpu-prof` also writes the site's and the platform's CPU profiles to .data/cpu-prof/.
const profileArgs = process.argv.includes("--cpu-prof") ? ["--cpu-prof", `--cpu-prof-dir=${join(root, ".data/cpu-prof")}`] : [];

if (!existsSync("build/index.js")) {
  console.error("place-action: run `npm run build` first");
  process.exit(1);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

for (const db of dbs) {
  // Each bettor signs in from an address of its own, as the site's visitor limits expect.
  const stack = await startStack({ db, sports: true, siteEnv: { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip" }, siteNodeArgs: profileArgs, platformNodeArgs: profileArgs });
  try {
    const hook = async (path: string, body: unknown = {}) => {
      const res = await fetch(`${stack.platformUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    await hook("/__test/sports/pause");
    const outcomes: number[] = [];
    for (let g = 0; g < 20; g++) outcomes.push(((await hook("/__test/bets/games", { status: 1 })) as { outcomes: Record<string, number> }).outcomes["1::1"]!);

    const bettors = [];
    for (let i = 0; i < BETTORS; i++) {
      const email = `place-bench-${Date.now()}-${i}@example.com`;
      const { userId } = (await hook("/__test/users", { email, password: "Secret123", email_activated: true })) as { userId: number };
      await hook("/__test/ledger/deposit", { userId, amount: DEPOSIT });
      const jar = new CookieJar();
      const ip = { "x-test-client-ip": `198.51.100.${10 + i}` };
      const login = await getPage(stack.siteUrl, "/en/login", jar, ip);
      const signedIn = await postForm(stack.siteUrl, "/en/login", jar, { csrf: csrfToken(login.html), formType: "login_password", step: "credentials", uLogin: email, uPassword: "Secret123" }, ip);
      if (signedIn.status !== 302) throw new Error(`sign-in: ${signedIn.status}`);
      const { html } = await getPage(stack.siteUrl, "/en/coupon", jar, ip);
      bettors.push({ userId, jar, ip, csrf: csrfToken(html), ok: 0 });
    }

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const { seconds, load, cpu } = await closedLoop(bettors, DURATION_MS, async (b, n) => {
      const outcomeId = outcomes[n % outcomes.length]!;
      const sent = performance.now();
      const res = await postForm(
        stack.siteUrl,
        "/en/coupon/place",
        b.jar,
        { csrf: b.csrf, key: `place-bench-${b.userId}-${n}-abcdef`, changeCoefAction: "1", returnTo: "/en/coupon", typeId: "0", amount: String(STAKE_RUB), bets: `${outcomeId}:2.1:P` },
        b.ip,
      );
      await res.arrayBuffer();
      latencies.push(performance.now() - sent);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 302 && /\/en\/coupon\/result\/\d+$/.test(res.headers.get("location") ?? "")) b.ok++;
    }, { site: sitePidOf(Number(new URL(stack.siteUrl).port)), platform: stack.platformPid! });
    const placed = bettors.reduce((s, b) => s + b.ok, 0);

    // Every accepted answer is one coupon and one stake, nothing else moved.
    let lost = 0;
    let doubled = 0;
    for (const b of bettors) {
      const balance = (await (await fetch(`${stack.siteUrl}/en/balance`, { headers: { cookie: b.jar.header(), ...b.ip } })).json()) as { balance: { available: number } };
      const taken = (DEPOSIT - balance.balance.available) / (STAKE_RUB * 100);
      if (taken < b.ok) lost += b.ok - taken;
      if (taken > b.ok) doubled += taken - b.ok;
    }
    const faults = await ledgerFaults(stack.platformUrl);
    const sorted = latencies.sort((a, z) => a - z);
    console.log(
      `place action through the site (${db}): ${(placed / seconds).toFixed(0)} placements/s with ${BETTORS} bettors at once over ${seconds.toFixed(1)} s; ` +
        `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms ` +
        `(answers ${JSON.stringify(Object.fromEntries(statuses))}; lost ${lost}, doubled ${doubled}, ledger faults ${faults}; load ${load})`,
    );
    console.log(`  ${cpuPerOperation(cpu, latencies.length, "placement", db === "postgres" ? "PostgreSQL and the rest" : "the rest")}`);
  } finally {
    await stack.stop();
  }
}
