import { serve } from "@hono/node-server";
import { migrate, openDb } from "./db/index.ts";
import { decideDueCoupons } from "./domain/bets.ts";
import { purgeExpired } from "./domain/housekeeping.ts";
import { parsePlatformEnv } from "./env.ts";
import { seedDemo } from "./seed/index.ts";
import { createApp } from "./server.ts";

const env = parsePlatformEnv();
const started = Date.now();
const { db, kind, close } = await openDb({
  databaseUrl: env.DATABASE_URL,
  schema: env.DATABASE_SCHEMA,
  dataDir: env.PLATFORM_DATA_DIR,
});
await migrate(db);
if (env.PLATFORM_SEED === "demo") {
  const parts = await seedDemo(db, { users: env.NODE_ENV !== "production" });
  if (parts.length) console.log(`[platform] seeded demo data: ${parts.join(", ")}`);
}
if (env.PLATFORM_TEST_HOOKS) console.log("[platform] test hooks are on (/__test)");
// The dev outbox shows codes sent to anyone: only where no real user is.
const devOutbox = env.PLATFORM_TEST_HOOKS || env.NODE_ENV !== "production";

const app = createApp(db, {
  dbKind: kind,
  testHooks: env.PLATFORM_TEST_HOOKS,
  devOutbox,
  secret: env.PLATFORM_SECRET,
  oneTapClientId: env.ONE_TAP_CLIENT_ID,
  betLiveDelayMs: env.BET_LIVE_DELAY_MS,
});

// Live coupons whose delay is over are decided here too (readers also decide them on sight);
// every process may run it: each coupon is decided once under its row lock.
let deciding = false;
const decideTimer = setInterval(() => {
  if (deciding) return;
  deciding = true;
  decideDueCoupons(db)
    .catch((error: unknown) => console.error("[platform] deciding live coupons failed", error))
    .finally(() => (deciding = false));
}, 500);
decideTimer.unref();

// Dead tokens, codes and counters are cleared hourly; a failed run waits for the next.
const housekeeping = () => purgeExpired(db).catch((error: unknown) => console.error("[platform] housekeeping failed", error));
void housekeeping();
const housekeepingTimer = setInterval(housekeeping, 3_600_000);
housekeepingTimer.unref();

const server = serve({ fetch: app.fetch, hostname: env.PLATFORM_HOST, port: env.PLATFORM_PORT }, (a) => {
  console.log(`[platform] listening on http://${env.PLATFORM_HOST}:${a.port} (${kind}, ready in ${Date.now() - started} ms)`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  clearInterval(housekeepingTimer);
  clearInterval(decideTimer);
  server.close();
  await close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
