import { serve } from "@hono/node-server";
import { migrate, openDb } from "./db/index.ts";
import { purgeExpired } from "./domain/housekeeping.ts";
import { createSportsService } from "./domain/sports/service.ts";
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
  const parts = await seedDemo(db, { users: env.NODE_ENV !== "production", sportsSeed: env.SPORTS_SIM_SEED, sports: env.SPORTS_SEED === "on" });
  if (parts.length) console.log(`[platform] seeded demo data: ${parts.join(", ")}`);
}
if (env.PLATFORM_TEST_HOOKS) console.log("[platform] test hooks are on (/__test)");
// The dev outbox shows codes sent to anyone: only where no real user is.
const devOutbox = env.PLATFORM_TEST_HOOKS || env.NODE_ENV !== "production";

// The sports feed is served from memory; the simulator runs in whichever process gets its lock.
const sports = createSportsService(db, {
  dbKind: kind,
  simulator: env.SPORTS_SIMULATOR === "on",
  tickMs: env.SPORTS_SIM_TICK_MS,
  speed: env.SPORTS_SIM_SPEED,
  minLive: env.SPORTS_MIN_LIVE,
});
await sports.start();

const app = createApp(db, {
  sports,
  dbKind: kind,
  testHooks: env.PLATFORM_TEST_HOOKS,
  devOutbox,
  secret: env.PLATFORM_SECRET,
  oneTapClientId: env.ONE_TAP_CLIENT_ID,
});

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
  server.close();
  await sports.stop();
  await close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
