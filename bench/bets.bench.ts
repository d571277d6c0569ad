// Bets per second through the platform API with 50 concurrent bettors (PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set), checked afterwards for 0 lost, 0 doubled, 0 negative; then the
// settlement of a finished game with 10,000 open bets.
import { join } from "node:path";
import { root } from "../scripts/processes.mjs";
import { Pool } from "undici";
import { startStack } from "../tests/support/stack";
import { benchDatabases, closedLoop, cpuPerOperation, ledgerFaults } from "./support/load";

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000);
const WARMUP_MS = 2000;
const BETTORS = 50;
const OPEN_BETS = 10_000;
const DEPOSIT = 100_000_000;
const STAKE = 1_000;
const dbs = benchDatabases();
// `npm run bench -- bets --cpu-prof` also writes the platform's CPU profile to .data/cpu-prof/.
const platformNodeArgs = process.argv.includes("--cpu-prof") ? ["--cpu-prof", `--cpu-prof-dir=${join(root, ".data/cpu-prof")}`] : [];

async function json(res: Response) {
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

for (const db of dbs) {
  const stack = await startStack({ db, site: false, sports: true, platformNodeArgs });
  try {
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${stack.platformUrl}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await json(res) };
    };
    // The simulator's ticks share the database (and PGlite's one connection): measured paused,
    // so the figure is the bet path's own; SIM=on in the output when BENCH_SIM=1 keeps it running.
    const simRunning = process.env.BENCH_SIM === "1";
    if (!simRunning) await call("POST", "/__test/sports/pause", {});
    const bettors: { userId: number; token: string; accountId: number; ok: number; warm: number }[] = [];
    for (let i = 0; i < BETTORS; i++) {
      const { body: user } = await call("POST", "/__test/users", {});
      const { body: dep } = await call("POST", "/__test/ledger/deposit", { userId: user.userId, amount: DEPOSIT });
      bettors.push({ userId: user.userId as number, token: user.token as string, accountId: dep.accountId as number, ok: 0, warm: 0 });
    }
    const outcomes: number[] = [];
    for (let g = 0; g < 20; g++) {
      const { body: game } = await call("POST", "/__test/bets/games", { status: 1 });
      outcomes.push(game.outcomes["1::1"], game.outcomes["1::2"], game.outcomes["4:2500:over"]);
    }
    const coefOf = new Map<number, number>();
    // the test games' prices: 1 → 2.10, 2 → 3.50, over 2.5 → 1.90
    outcomes.forEach((id, i) => coefOf.set(id, [2.1, 3.5, 1.9][i % 3]!));

    let failures = 0;
    // One keep-alive connection per bettor, on undici's Pool rather than fetch: the client's own
    // CPU comes out of the same two cores as the platform's and the database's.
    const client = new Pool(stack.platformUrl, { connections: BETTORS, pipelining: 1 });
    let warm = true;
    const place = async (b: (typeof bettors)[number], n: number) => {
      const outcomeId = outcomes[n % outcomes.length]!;
      const res = await client.request({
        path: "/web-api/bets/coupon",
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${b.token}`, "idempotency-key": `bench-${b.userId}-${warm ? "warm-" : ""}${n}` },
        body: JSON.stringify({ accountId: b.accountId, typeId: 0, amount: STAKE, changeCoefAction: 1, bets: [{ outcomeId, coef: coefOf.get(outcomeId) }] }),
      });
      await res.body.text();
      if (warm) b.warm += res.statusCode === 200 ? 1 : 0;
      else if (res.statusCode === 200) b.ok++;
      else failures++;
    };
    // A warm-up at the same load first, so the figure is the compiled code's and not the JIT's.
    await closedLoop(bettors, WARMUP_MS, place);
    warm = false;
    const { seconds, load, cpu } = await closedLoop(bettors, DURATION_MS, place, { platform: stack.platformPid! });
    await client.close();
    const placed = bettors.reduce((s, b) => s + b.ok, 0);

    // 0 lost, 0 doubled, 0 negative: every bettor's coupons and balance match their accepted answers
    let lost = 0;
    let doubled = 0;
    for (const b of bettors) {
      const headers = { authorization: `Bearer ${b.token}` };
      const { body: history } = await call("GET", "/web-api/bets/coupons?pageSize=1", undefined, headers);
      const { body: balance } = await call("GET", "/web-api/account/balance", undefined, headers);
      const coupons = history.result.total as number;
      const accepted = b.warm + b.ok;
      if (coupons < accepted) lost += accepted - coupons;
      if (coupons > accepted) doubled += coupons - accepted;
      if (balance.result.accounts[0].money !== DEPOSIT - coupons * STAKE) doubled++;
    }
    const negative = await ledgerFaults(stack.platformUrl);
    console.log(
      `bets (${db}, simulator ${simRunning ? "running" : "paused"}): ${(placed / seconds).toFixed(0)} bets/s with ${BETTORS} concurrent bettors over ${seconds.toFixed(1)} s ` +
        `(${placed} placed, ${failures} refused; lost ${lost}, doubled ${doubled}, ledger faults ${negative}; load ${load})`,
    );
    console.log(`  ${cpuPerOperation(cpu, placed + failures, "bet", db === "postgres" ? "PostgreSQL and the rest" : "the rest")}`);

    // settlement of 10,000 open bets on one game
    const { body: game } = await call("POST", "/__test/bets/games", { status: 1 });
    const bulk = await call("POST", `/__test/bets/games/${game.gameId}/bulk-bets`, { count: OPEN_BETS, userIds: bettors.map((b) => b.userId), amount: STAKE });
    if (bulk.status !== 201) throw new Error(`bulk bets: ${JSON.stringify(bulk.body)}`);
    const settleStarted = performance.now();
    const { body: report } = await call("POST", `/__test/bets/games/${game.gameId}/finish`, { home: 1, away: 0 });
    const wallMs = performance.now() - settleStarted;
    const broken = await ledgerFaults(stack.platformUrl);
    console.log(
      `settlement (${db}): ${report.coupons} coupons, ${report.selections} selections settled in ${report.ms} ms (request ${wallMs.toFixed(0)} ms); ` +
        `ledger reconciliation: ${broken ? `${broken} rule(s) broken` : "the books agree"}`,
    );
    if (broken || negative || lost || doubled) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}
