import { Hono } from "hono";
import { configApi } from "./apis/config.ts";
import { apiError } from "./apis/http.ts";
import { type Db, ping } from "./db/index.ts";

/** The platform's HTTP app: each upstream API of SPEC §7 mounted at the spec's path. */
export function createApp(db: Db, info: { dbKind: string }) {
  const app = new Hono();

  app.get("/health", async (c) => {
    const dbOk = await ping(db);
    return c.json({ status: dbOk ? "ok" : "degraded", db: info.dbKind, dbOk }, dbOk ? 200 : 503);
  });

  app.route("/bff-api/config", configApi(db));

  app.notFound((c) => apiError(c, 404, "not_found", "No such API"));
  app.onError((error, c) => {
    console.error("[platform] unhandled error", error);
    return apiError(c, 500, "internal", "Internal error");
  });
  return app;
}
