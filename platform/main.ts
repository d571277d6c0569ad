import { serve } from "@hono/node-server";
import { migrate, openDb } from "./db/index.ts";
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
  const parts = await seedDemo(db);
  if (parts.length) console.log(`[platform] seeded demo data: ${parts.join(", ")}`);
}
if (env.PLATFORM_TEST_HOOKS) console.log("[platform] test hooks are on (/__test)");

const server = serve({ fetch: createApp(db, { dbKind: kind, testHooks: env.PLATFORM_TEST_HOOKS }).fetch, hostname: env.PLATFORM_HOST, port: env.PLATFORM_PORT }, (a) => {
  console.log(`[platform] listening on http://${env.PLATFORM_HOST}:${a.port} (${kind}, ready in ${Date.now() - started} ms)`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  await close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
