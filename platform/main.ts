import { serve } from "@hono/node-server";
import { StartupError } from "./db/data-dir.ts";
import { migrate, openDb, ping } from "./db/index.ts";
import { decideDueCoupons } from "./domain/bets.ts";
import { settleGame } from "./domain/settlement.ts";
import { purgeExpired } from "./domain/housekeeping.ts";
import { expireVipCoupons } from "./domain/vip-bets.ts";
import { createSportsService } from "./domain/sports/service.ts";
import { createPaymentRecovery } from "./domain/payment-recovery.ts";
import { paymentProvider } from "./domain/payment-provider.ts";
import { adjustableClock, platformClock } from "./domain/clock.ts";
import { parsePlatformEnv } from "./env.ts";
import { log } from "./log.ts";
import { createReadiness } from "./readiness.ts";
import { seedDemo } from "./seed/index.ts";
import { createApp } from "./server.ts";

/** Stops start-up with one log line: the operator's message, or the unexpected error with its stack. */
function fail(error: unknown): never {
  if (error instanceof StartupError) log.error("start.refused", { message: error.message });
  else log.error("start.failed", { error });
  process.exit(1);
}

const env = (() => {
  try {
    return parsePlatformEnv();
  } catch (error) {
    // The environment's message lists every bad variable; it needs no stack.
    return fail(new StartupError((error as Error).message));
  }
})();
const started = Date.now();
const { db, kind, close } = await openDb({
  databaseUrl: env.DATABASE_URL,
  schema: env.DATABASE_SCHEMA,
  dataDir: env.PLATFORM_DATA_DIR,
}).catch(fail);
// What /ready reports: each start-up step as it is done, the database on every call (decision 062).
const readiness = createReadiness(() => ping(db));
await migrate(db).catch(fail);
readiness.done("migrations");
// The sports calendar's present: now, or PLATFORM_NOW's instant running on from there.
const clock = platformClock(env.PLATFORM_NOW);
if (env.PLATFORM_SEED === "demo") {
  const parts = await seedDemo(db, { users: env.NODE_ENV !== "production", sportsSeed: env.SPORTS_SIM_SEED, sports: env.SPORTS_SEED === "on", now: clock.now(), sportsShiftWeeks: env.SPORTS_SHIFT_WEEKS }).catch(fail);
  if (parts.length) log.info("seed.demo", { parts });
}
readiness.done("seed");
if (env.PLATFORM_TEST_HOOKS) log.info("test_hooks.on", { path: "/__test" });
// The dev outbox shows codes sent to anyone: only where no real user is.
const devOutbox = env.PLATFORM_TEST_HOOKS || env.NODE_ENV !== "production";

// The sports feed is served from memory; the simulator runs in whichever process gets its lock.
const sports = createSportsService(db, {
  dbKind: kind,
  simulator: env.SPORTS_SIMULATOR === "on",
  tickMs: env.SPORTS_SIM_TICK_MS,
  speed: env.SPORTS_SIM_SPEED,
  minLive: env.SPORTS_MIN_LIVE,
  clock,
});
// Bets on a finished or cancelled game are settled in the transaction that finishes it (decision 019).
sports.onGameFinished(async (trx, event) => {
  const report = await settleGame(trx, event.gameId);
  if (report.coupons) log.info("bets.settled", { gameId: event.gameId, ...report });
});
await sports.start();
readiness.done("sports");

// The payments' clock: the test hooks move it (the archive, the recovery's thresholds).
const paymentClock = adjustableClock(clock);
const paymentSettings = {
  provider: paymentProvider({ url: env.PAYMENT_PROVIDER_URL, secret: env.PAYMENT_PROVIDER_SECRET, timeoutMs: env.PAYMENT_PROVIDER_TIMEOUT_MS }),
  secret: env.PAYMENT_PROVIDER_SECRET,
  callbackUrl: env.PAYMENT_CALLBACK_URL,
  clock: paymentClock,
};
const paymentRecovery = createPaymentRecovery(db, paymentSettings, {
  dbKind: kind,
  afterMs: env.PAYMENT_RECONCILE_AFTER_MS,
  abandonAfterMs: env.PAYMENT_ABANDON_AFTER_MS,
});

const app = createApp(db, {
  sports,
  dbKind: kind,
  readiness,
  testHooks: env.PLATFORM_TEST_HOOKS,
  devOutbox,
  secret: env.PLATFORM_SECRET,
  oneTapClientId: env.ONE_TAP_CLIENT_ID,
  betLiveDelayMs: env.BET_LIVE_DELAY_MS,
  betPlaceWindowMs: env.BET_PLACE_WINDOW_MS,
  trustedCallers: env.PLATFORM_TRUSTED_CALLERS,
  payments: { settings: paymentSettings, recovery: paymentRecovery },
});

/**
 * Runs `task` every `everyMs`, never two runs at once (a slow run makes the next tick skip); a
 * failure is logged and waits for the next tick. The timer does not keep the process alive.
 */
function repeat(everyMs: number, failed: string, task: () => Promise<unknown>): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => log.error(failed, { error }))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return timer;
}

// Live coupons whose delay is over are decided here too (readers also decide them on sight);
// every process may run it: each coupon is decided once under its row lock.
const decideTimer = repeat(500, "bets.decide_failed", () => decideDueCoupons(db));

// VIP coupons a started or finished game has made unapprovable release their hold (decision 043);
// every process may run it, as above. 0 leaves it to the test hook.
const expiryTimer =
  env.VIP_EXPIRY_SWEEP_MS > 0
    ? repeat(env.VIP_EXPIRY_SWEEP_MS, "vip_bets.expiry_failed", async () => {
        const expired = await expireVipCoupons(db);
        if (expired) log.info("vip_bets.expired", { expired });
      })
    : undefined;

// Payments left open by a crash or lost callbacks are asked about at the provider (decision 065);
// only the process that leads the sweeps (an advisory lock on PostgreSQL) does it. 0 leaves it to the test hook.
const recoveryTimer =
  env.PAYMENT_RECONCILE_INTERVAL_MS > 0 ? repeat(env.PAYMENT_RECONCILE_INTERVAL_MS, "payments.recovery_failed", () => paymentRecovery.sweep()) : undefined;

// Dead tokens, codes and counters are cleared hourly; a failed run waits for the next.
const housekeeping = () => purgeExpired(db).catch((error: unknown) => log.error("housekeeping.failed", { error }));
void housekeeping();
const housekeepingTimer = setInterval(housekeeping, 3_600_000);
housekeepingTimer.unref();

const server = serve({ fetch: app.fetch, hostname: env.PLATFORM_HOST, port: env.PLATFORM_PORT }, (a) => {
  log.info("listening", { url: `http://${env.PLATFORM_HOST}:${a.port}`, db: kind, readyMs: Date.now() - started });
});
server.once("error", (error: NodeJS.ErrnoException) => {
  fail(
    new StartupError(
      error.code === "EADDRINUSE"
        ? `port ${env.PLATFORM_PORT} on ${env.PLATFORM_HOST} is already taken by another program: stop it, or set PLATFORM_PORT to a free port`
        : `cannot listen on ${env.PLATFORM_HOST}:${env.PLATFORM_PORT}: ${error.message}`,
    ),
  );
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  readiness.stopping();
  clearInterval(housekeepingTimer);
  clearInterval(decideTimer);
  clearInterval(expiryTimer);
  clearInterval(recoveryTimer);
  server.close();
  await paymentRecovery.stop();
  await sports.stop();
  await close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
