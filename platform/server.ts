import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { blocksApi } from "./apis/blocks.ts";
import { configApi } from "./apis/config.ts";
import { createFaultState, faultMiddleware } from "./apis/faults.ts";
import { apiError } from "./apis/http.ts";
import { redirectsApi } from "./apis/redirects.ts";
import { rulesApi } from "./apis/rules.ts";
import { sessionApi } from "./apis/session.ts";
import { testHooksApi } from "./apis/test-hooks.ts";
import { userApi } from "./apis/user.ts";
import { type Db, ping } from "./db/index.ts";

/** Largest request body any API accepts; the biggest legitimate one is a 2000-character appeal. */
const MAX_BODY_BYTES = 64 * 1024;

/** The platform's HTTP app: each upstream API of SPEC §7 mounted at the spec's path. */
export function createApp(db: Db, info: { dbKind: string; testHooks?: boolean }) {
  const app = new Hono<{ Bindings: Partial<HttpBindings> }>();

  // Installed first so a fault hits before any API work, and only for tests.
  const faults = info.testHooks ? createFaultState() : null;
  if (faults) app.use("*", faultMiddleware(faults));

  app.use(
    "*",
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => apiError(c, 413, "payload_too_large", `Bodies are limited to ${MAX_BODY_BYTES} bytes`) }),
  );

  app.get("/health", async (c) => {
    const dbOk = await ping(db);
    return c.json({ status: dbOk ? "ok" : "degraded", db: info.dbKind, dbOk }, dbOk ? 200 : 503);
  });

  app.route("/bff-api/config", configApi(db));
  app.route("/bff-api/rules", rulesApi(db));
  app.route("/redirects-api", redirectsApi(db));
  app.route("/blocks-api", blocksApi(db));
  app.route("/web-api", sessionApi(db));
  app.route("/web-api", userApi(db));
  if (faults) app.route("/__test", testHooksApi(db, faults));

  app.notFound((c) => apiError(c, 404, "not_found", "No such API"));
  app.onError((error, c) => {
    console.error("[platform] unhandled error", error);
    return apiError(c, 500, "internal", "Internal error");
  });
  return app;
}
