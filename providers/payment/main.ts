// The fake payment provider's process: `node --import tsx providers/payment/main.ts`.
import { serve } from "@hono/node-server";
import { jsonLog } from "../../common/json-log.ts";
import { createProviderApp } from "./app.ts";
import { parseProviderEnv } from "./env.ts";

const log = jsonLog({ program: "payment-provider", stacks: true });

const env = (() => {
  try {
    return parseProviderEnv();
  } catch (error) {
    log.error("start.refused", { message: (error as Error).message });
    return process.exit(1);
  }
})();

const provider = createProviderApp({
  secret: env.PAYMENT_PROVIDER_SECRET,
  publicUrl: env.PAYMENT_PROVIDER_PUBLIC_URL,
  testControls: env.PAYMENT_PROVIDER_TEST_CONTROLS,
  log,
});
if (env.PAYMENT_PROVIDER_TEST_CONTROLS) log.info("test_controls.on", { path: "/__test" });

const server = serve({ fetch: provider.app.fetch, hostname: env.PAYMENT_PROVIDER_HOST, port: env.PAYMENT_PROVIDER_PORT }, (a) => {
  log.info("listening", { url: `http://${env.PAYMENT_PROVIDER_HOST}:${a.port}`, publicUrl: env.PAYMENT_PROVIDER_PUBLIC_URL });
});
server.once("error", (error: NodeJS.ErrnoException) => {
  log.error("start.refused", {
    message:
      error.code === "EADDRINUSE"
        ? `port ${env.PAYMENT_PROVIDER_PORT} on ${env.PAYMENT_PROVIDER_HOST} is already taken by another program: stop it, or set PAYMENT_PROVIDER_PORT to a free port`
        : `cannot listen on ${env.PAYMENT_PROVIDER_HOST}:${env.PAYMENT_PROVIDER_PORT}: ${error.message}`,
  });
  process.exit(1);
});

function stop() {
  provider.close();
  server.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
