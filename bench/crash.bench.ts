// `npm run bench -- crash` (issue 37): bettors place singles at once through the site, without
// JavaScript, while the platform process is killed (SIGKILL) mid-flight and started again on the
// same database; then the same with the *site* process killed, and every bettor's browser sending
// its form again. Every answer is set against what the database holds, by the bench's own reads:
//   confirmed            the result page of a coupon
//   sent to the history  "we could not confirm your bet; if it was placed it is in your history"
//   told not placed      "not placed, nothing charged" (said only when the platform said so, or
//                        when the request never reached it)
//   maintenance / other  a page that is not a placement answer (the guards ran before the action)
// Goals: 0 lost (confirmed, not in the database), 0 told "not charged" while charged, 0 charged
// bettors shown anything but their coupon or "sent to the history", 0 answers 500, 0 doubled,
// the site serving a signed-in page within 5 s of the platform's /ready, the ledger reconciled
// (tests/support/ledger-reconciliation.ts). PGlite, and PostgreSQL with TEST_DATABASE_URL.
// CRASH_BETTORS (default 30) and CRASH_KILL_AT (default "1,10": one round each, the platform
// killed once that many of the round's coupons have committed, so some are in flight).
import { startSite, stop } from "../scripts/processes.mjs";
import { CookieJar, csrfToken, getPage, postForm } from "../tests/support/forms";
import { freePort, startStack } from "../tests/support/stack";
import { benchDatabases, ledgerFaults } from "./support/load";
import { inBatches } from "../tests/support/batches";

const BETTORS = Number(process.env.CRASH_BETTORS ?? 30);
const KILL_AT = (process.env.CRASH_KILL_AT ?? "1,10").split(",").map(Number);
const DEPOSIT = 100_000;
const STAKE = 10_000; // "100" in the form: 100.00 RUB
const BACK_WITHIN_MS = 5_000;
const SITE_ENV = { TRUSTED_CLIENT_IP_HEADER: "x-test-client-ip", SESSION_SECRET: "test-secret-test-secret-test-secret-0123", NODE_ENV: "production", APP_ENV: "test", GUARD_CACHE_MS: "0" };

type Answer = "confirmed" | "history" | "not placed" | "maintenance" | "500" | "other" | "no answer";
interface Bettor {
  token: string;
  jar: CookieJar;
  ip: Record<string, string>;
  csrf: string;
  fields: Record<string, string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Pages that were no placement answer, by status and where they sent the bettor. */
const others = new Map<string, number>();

async function hook(platformUrl: string, path: string, body: unknown) {
  const res = await fetch(`${platformUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Resolves once `count` placements with keys starting `prefix` have committed (read by the bench's own SQL). */
async function committed(platformUrl: string, prefix: string, count: number): Promise<void> {
  for (;;) {
    const res = await fetch(`${platformUrl}/__test/sql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sql: `select count(*) as n from bet_request where idempotency_key like '${prefix}%'` }) });
    const n = Number(((await res.json()) as { rows: { n: string }[] }).rows[0]!.n);
    if (n >= count) return;
    await sleep(5);
  }
}

let run = 0;
async function bettors(siteUrl: string, platformUrl: string): Promise<Bettor[]> {
  const round = `${Date.now()}-${run++}`;
  const game = (await hook(platformUrl, "/__test/bets/games", { status: 1 })) as { outcomes: Record<string, number> };
  return inBatches(
    Array.from({ length: BETTORS }, (_, i) => i),
    8,
    async (i) => {
      const login = `crash-${round}-${i}`;
      const { userId, token } = (await hook(platformUrl, "/__test/users", { login, password: "Crash12345" })) as { userId: number; token: string };
      await hook(platformUrl, "/__test/ledger/deposit", { userId, amount: DEPOSIT });
      const jar = new CookieJar();
      const ip = { "x-test-client-ip": `10.${run % 250}.${Math.floor(i / 250)}.${(i % 250) + 1}` };
      const login0 = await getPage(siteUrl, "/en/login", jar, ip);
      const res = await postForm(siteUrl, "/en/login", jar, { csrf: csrfToken(login0.html), formType: "login_password", step: "credentials", uLogin: login, uPassword: "Crash12345" }, ip);
      if (res.status !== 302) throw new Error(`sign-in of ${login}: ${res.status}`);
      const coupon = await getPage(siteUrl, "/en/coupon", jar, ip);
      const fields = { key: `crash-${round}-${i}-key-0123456789`, typeId: "0", amount: "100", changeCoefAction: "2", bets: `${game.outcomes["1::1"]}:2.1:P` };
      return { token, jar, ip, csrf: csrfToken(coupon.html), fields };
    },
  );
}

async function place(siteUrl: string, b: Bettor): Promise<Answer> {
  try {
    const res = await postForm(siteUrl, "/en/coupon/place", b.jar, { csrf: b.csrf, ...b.fields }, b.ip);
    const html = await res.text();
    const location = res.headers.get("location") ?? "";
    if (res.status === 302 && /^\/en\/coupon\/result\/\d+/.test(location)) return "confirmed";
    if (res.status >= 500 && res.status !== 503) return "500";
    if (html.includes('data-testid="place-unconfirmed"')) return "history";
    if (html.includes('data-code="not_placed"') || html.includes('data-code="unavailable"')) return "not placed";
    if (location.includes("/maintenance")) return "maintenance";
    const heading = /<h1[^>]*>([^<]*)</.exec(html)?.[1];
    const what = `${res.status}${location ? ` → ${location.split("?")[0]}` : ""}${heading ? ` "${heading}"` : ""}`;
    others.set(what, (others.get(what) ?? 0) + 1);
    return "other";
  } catch {
    return "no answer";
  }
}

/** What the database holds for a bettor, read through the platform's API with the bettor's token. */
async function truth(platformUrl: string, b: Bettor): Promise<{ coupons: number; money: number }> {
  const headers = { authorization: `Bearer ${b.token}` };
  const history = (await (await fetch(`${platformUrl}/web-api/bets/coupons?pageSize=1`, { headers })).json()) as { result: { total: number } };
  const balance = (await (await fetch(`${platformUrl}/web-api/account/balance`, { headers })).json()) as { result: { accounts: { money: number }[] } };
  return { coupons: history.result.total, money: balance.result.accounts[0]!.money };
}

/** Milliseconds from now until the site serves a bettor's personal page signed in (redirects followed). */
async function untilServed(siteUrl: string, b: Bettor): Promise<number> {
  const from = Date.now();
  for (;;) {
    let at = "/en/office/history";
    for (let hop = 0; hop < 4; hop++) {
      const { res, html } = await getPage(siteUrl, at, b.jar, b.ip).catch(() => ({ res: null, html: "" }));
      const location = res?.headers.get("location");
      if (res && res.status >= 300 && res.status < 400 && location) {
        at = new URL(location, siteUrl).pathname;
        continue;
      }
      if (res?.status === 200 && at === "/en/office/history" && html.includes('data-testid="header-balance"')) return Date.now() - from;
      break;
    }
    if (Date.now() - from > 60_000) return Number.POSITIVE_INFINITY;
    await sleep(100);
  }
}

interface Tally {
  answers: Record<Answer, number>;
  charged: number;
  lost: number;
  notChargedButCharged: number;
  chargedBare: number;
  doubled: number;
}

async function tally(platformUrl: string, group: Bettor[], answers: Answer[]): Promise<Tally> {
  const t: Tally = { answers: { confirmed: 0, history: 0, "not placed": 0, maintenance: 0, "500": 0, other: 0, "no answer": 0 }, charged: 0, lost: 0, notChargedButCharged: 0, chargedBare: 0, doubled: 0 };
  const held = await inBatches(group, 10, (b) => truth(platformUrl, b));
  group.forEach((_, i) => {
    const answer = answers[i]!;
    const { coupons, money } = held[i]!;
    t.answers[answer]++;
    if (coupons > 1 || money !== DEPOSIT - coupons * STAKE) t.doubled++;
    if (coupons > 0) t.charged++;
    if (answer === "confirmed" && coupons === 0) t.lost++;
    if (answer === "not placed" && coupons > 0) t.notChargedButCharged++;
    if (coupons > 0 && answer !== "confirmed" && answer !== "history") t.chargedBare++;
  });
  return t;
}

const words = (t: Tally) =>
  `${Object.entries(t.answers)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ")}; charged ${t.charged}: lost ${t.lost}, told not charged while charged ${t.notChargedButCharged}, charged and shown a bare page ${t.chargedBare}, doubled ${t.doubled}`;

let failed = false;
for (const db of benchDatabases()) {
  const stack = await startStack({ db, site: false });
  const sitePort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const launchSite = () => startSite({ port: sitePort, quiet: true, env: { ...SITE_ENV, PLATFORM_URL: stack.platformUrl } });
  let site = await launchSite();
  try {
    for (const killAt of KILL_AT) {
      const group = await bettors(siteUrl, stack.platformUrl);
      const placing = Promise.all(group.map((b) => place(siteUrl, b)));
      await committed(stack.platformUrl, group[0]!.fields.key!.replace(/-0-key-.*/, "-"), killAt);
      await stack.stopPlatform({ crash: true });
      await stack.startPlatform();
      const backMs = await untilServed(siteUrl, group[0]!);
      const t = await tally(stack.platformUrl, group, await placing);
      const broken = await ledgerFaults(stack.platformUrl);
      console.log(`platform killed after ${killAt} of ${BETTORS} placements committed (${db}): ${words(t)}; site back ${(backMs / 1000).toFixed(1)} s after /ready; ledger ${broken ? `${broken} rule(s) broken` : "reconciled"}`);
      if (t.lost || t.notChargedButCharged || t.chargedBare || t.doubled || t.answers["500"] || backMs > BACK_WITHIN_MS || broken) failed = true;
    }

    // The site dies mid-placement; each browser sends its form again (the same key) once it is back.
    const group = await bettors(siteUrl, stack.platformUrl);
    const placing = Promise.all(group.map((b) => place(siteUrl, b)));
    await committed(stack.platformUrl, group[0]!.fields.key!.replace(/-0-key-.*/, "-"), KILL_AT[0]!);
    await stop(site, "SIGKILL");
    const first = await placing;
    site = await launchSite();
    const again = await Promise.all(group.map((b) => place(siteUrl, b)));
    const t = await tally(stack.platformUrl, group, again);
    const broken = await ledgerFaults(stack.platformUrl);
    const unanswered = first.filter((a) => a === "no answer").length;
    console.log(`site killed after ${KILL_AT[0]} of ${BETTORS} placements committed (${db}): ${unanswered} unanswered; sent again: ${words(t)}; ledger ${broken ? `${broken} rule(s) broken` : "reconciled"}`);
    if (t.doubled || t.answers.confirmed !== BETTORS || t.charged !== BETTORS || broken) failed = true;
  } finally {
    await stop(site);
    await stack.stop();
  }
}
if (others.size) console.log(`other pages: ${[...others].map(([what, n]) => `${what} ×${n}`).join(", ")}`);
console.log(failed ? "crash: a goal was missed (see above)" : "crash: every goal met");
if (failed) process.exitCode = 1;
