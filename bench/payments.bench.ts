// `npm run bench -- payments` (issue 34, decision 065): deposits through the fake payment provider
// on PostgreSQL (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test).
//  1. Callbacks: PAYMENTS_BETTORS (50) bettors deposit at once and each deposit is completed with
//     every callback delivered twice at once and out of order (the success, then a late pending):
//     callbacks the platform handled per second, deposits credited twice (goal 0), deposits the
//     provider paid that the platform did not credit (lost, goal 0), the ledger reconciled.
//  2. Latency: the same bettors, PAYMENTS_ROUNDS (4) deposits each one after another, with the
//     provider answering at once: from the create call, through the choice on the hosted page, to
//     the credited balance the bettor reads; p50, p95, p99.
// Exits 1 when a goal is missed.
import { loadavg } from "node:os";
import { inBatches } from "../tests/support/batches";
import { describeDifferences, reconcileThroughPlatform } from "../tests/support/ledger-reconciliation.ts";
import { RETURN_BASE, newKey, paymentsClient } from "../tests/support/payments";
import { startStack } from "../tests/support/stack";

const BETTORS = Number(process.env.PAYMENTS_BETTORS ?? 50);
const ROUNDS = Number(process.env.PAYMENTS_ROUNDS ?? 4);
const AMOUNT = 1_000_00;
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;

const stack = await startStack({ db: "postgres", site: false, payments: true });
let failed = false;
try {
  const pay = paymentsClient({ platform: () => stack.platformUrl, provider: () => stack.providerUrl });
  const bettors = await inBatches(
    Array.from({ length: BETTORS }, (_, i) => i),
    10,
    () => pay.createUser(),
  );

  // 1. Every callback twice, the final one before a late pending, all bettors at once.
  await pay.controls({ copies: 2, outOfOrder: true });
  const load1 = loadavg()[0]!;
  const started = performance.now();
  const paymentIds = await Promise.all(
    bettors.map(async ({ token }) => {
      const created = await pay.deposit(token, newKey("bench"), { method: "card", amount: AMOUNT, returnBase: RETURN_BASE });
      if (created.status !== 201) throw new Error(`deposit: ${created.status} ${JSON.stringify(created.body)}`);
      const [row] = await pay.sql<{ provider_id: string }>(`select provider_id from payment where id = ${created.body.result.paymentId}`);
      const done = await pay.complete(row!.provider_id, "success");
      if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
      return created.body.result.paymentId as number;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pay.resetControls();
  const ids = paymentIds.join(",");
  const [span] = await pay.sql<{ n: string; verified: string; seconds: string }>(
    `select count(*)::text as n, count(*) filter (where outcome <> 'refused')::text as verified,
            extract(epoch from max(received_at) - min(received_at))::text as seconds
       from payment_callback where payment_id in (${ids})`,
  );
  const [money] = await pay.sql<{ twice: string; lost: string; credited: string }>(
    `select count(*) filter (where credits > 1)::text as twice,
            count(*) filter (where credits = 0 or status_id <> 2)::text as lost,
            coalesce(sum(credited), 0)::text as credited
       from (select p.id, p.status_id, count(t.id) as credits, sum(t.amount) as credited
               from payment p left join ledger_transfer t on t.kind = 'payment_deposit' and t.reference = 'payment:' || p.id
              where p.id in (${ids}) group by p.id) x`,
  );
  const callbacks = Number(span!.n);
  const arrivalSeconds = Math.max(Number(span!.seconds), 0.001);
  const balances = await Promise.all(bettors.map(({ token }) => pay.balance(token)));
  const wrongBalances = balances.filter((b) => b.money !== AMOUNT).length;
  const differences = await reconcileThroughPlatform(stack.platformUrl);
  console.log(`callbacks: ${BETTORS} deposits at once, each callback twice and out of order (load ${load1.toFixed(2)} → ${loadavg()[0]!.toFixed(2)})`);
  console.log(`  ${callbacks} callbacks handled (${span!.verified} verified) in ${arrivalSeconds.toFixed(2)} s of arrivals: ${(callbacks / arrivalSeconds).toFixed(0)} callbacks/s; all ${BETTORS} deposits created and completed in ${seconds.toFixed(2)} s`);
  console.log(`  credited twice: ${money!.twice}, lost: ${money!.lost}, balances not ${AMOUNT}: ${wrongBalances}, credited in all: ${money!.credited}`);
  console.log(`  ledger reconciled: ${differences.length === 0 ? "yes" : `no\n${describeDifferences(differences)}`}`);
  if (Number(money!.twice) || Number(money!.lost) || wrongBalances || differences.length || callbacks !== BETTORS * 4) failed = true;

  // 2. From the create call to the credited balance, the provider answering at once.
  const latencies: number[] = [];
  const load2 = loadavg()[0]!;
  await Promise.all(
    bettors.map(async ({ token }) => {
      for (let round = 0; round < ROUNDS; round++) {
        const before = (await pay.balance(token)).money;
        const t0 = performance.now();
        const created = await pay.deposit(token, newKey("lat"), { method: "card", amount: AMOUNT, returnBase: RETURN_BASE });
        if (created.status !== 201) throw new Error(`deposit: ${created.status}`);
        await pay.choose(created.body.result.redirectUrl, "success");
        while ((await pay.balance(token)).money !== before + AMOUNT) await new Promise((r) => setTimeout(r, 5));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const after = await reconcileThroughPlatform(stack.platformUrl);
  console.log(`latency: ${latencies.length} deposits, ${BETTORS} bettors at once, ${ROUNDS} each (load ${load2.toFixed(2)} → ${loadavg()[0]!.toFixed(2)})`);
  console.log(`  create → hosted page's choice → credited balance: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);
  console.log(`  ledger reconciled: ${after.length === 0 ? "yes" : `no\n${describeDifferences(after)}`}`);
  if (after.length) failed = true;
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
