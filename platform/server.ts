import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { accountApi } from "./apis/account.ts";
import { ADMIN_BASE, ADMIN_IMPORT_PATH, adminApi } from "./apis/admin.ts";
import { blocksApi } from "./apis/blocks.ts";
import { captchaApi } from "./apis/captcha.ts";
import { configApi } from "./apis/config.ts";
import { createFaultState, faultMiddleware } from "./apis/faults.ts";
import { apiError, bodiesUpTo, refuseNulBytes, trustClientAddressFrom } from "./apis/http.ts";
import { type AuthSettings, loginApi } from "./apis/login.ts";
import { ledgerApi, ledgerTestHooksApi } from "./apis/ledger.ts";
import { betsApi } from "./apis/bets.ts";
import { betsTestHooksApi } from "./apis/bets-test-hooks.ts";
import { betsAdminApi } from "./apis/bets-admin.ts";
import { devOutboxApi } from "./apis/outbox.ts";
import { paymentCallbackApi, paymentsApi, paymentsTestHooksApi } from "./apis/payments.ts";
import { phoneApi } from "./apis/phone.ts";
import { readyApi } from "./apis/ready.ts";
import { redirectsApi } from "./apis/redirects.ts";
import { rulesApi } from "./apis/rules.ts";
import { registrationApi } from "./apis/registration.ts";
import { sessionApi } from "./apis/session.ts";
import { socialApi } from "./apis/social.ts";
import { sportsApi } from "./apis/sports.ts";
import { sportsTestHooksApi } from "./apis/sports-test-hooks.ts";
import { testHooksApi } from "./apis/test-hooks.ts";
import { userApi } from "./apis/user.ts";
import { type Db, ping } from "./db/index.ts";
import { createRuleCache } from "./domain/rule-cache.ts";
import type { SportsService } from "./domain/sports/service.ts";
import type { AdjustableClock } from "./domain/clock.ts";
import type { PaymentSettings } from "./domain/payments.ts";
import type { PaymentRecovery } from "./domain/payment-recovery.ts";
import { DEFAULT_TRUSTED_CALLERS } from "./env.ts";
import { log } from "./log.ts";
import type { Readiness } from "./readiness.ts";

/** Largest request body any API accepts; the biggest legitimate one is a 2000-character appeal. */
const MAX_BODY_BYTES = 64 * 1024;

/** The platform's HTTP app: each upstream API of SPEC §7 mounted at the spec's path. */
export function createApp(
  db: Db,
  info: {
    dbKind: string;
    /** What /ready reports (decision 062). */
    readiness: Readiness;
    testHooks?: boolean;
    devOutbox?: boolean;
    sports?: SportsService;
    betLiveDelayMs?: number;
    betPlaceWindowMs?: number;
    trustedCallers?: readonly string[];
    /** The payment provider, its callback and the recovery sweep (decision 065); the test hooks move the clock and run a sweep. */
    payments: { settings: PaymentSettings & { clock: AdjustableClock }; recovery: PaymentRecovery };
  } & AuthSettings,
) {
  const settings: AuthSettings = { secret: info.secret, oneTapClientId: info.oneTapClientId };
  const app = new Hono<{ Bindings: Partial<HttpBindings> }>();

  // Whose x-client-ip names the visitor: the site's copies only (default this machine).
  app.use("*", trustClientAddressFrom(info.trustedCallers ?? DEFAULT_TRUSTED_CALLERS));

  // Installed first so a fault hits before any API work, and only for tests.
  const faults = info.testHooks ? createFaultState() : null;
  if (faults) app.use("*", faultMiddleware(faults));

  const smallBodies = bodiesUpTo(MAX_BODY_BYTES, (c) => apiError(c, 413, "payload_too_large", `Bodies are limited to ${MAX_BODY_BYTES} bytes`));
  // A rules import is the one large body; its route sets its own limit, after the ops check.
  app.use("*", (c, next) => (c.req.method === "POST" && c.req.path === ADMIN_IMPORT_PATH ? next() : smallBodies(c, next)));
  // NUL anywhere is a 400 before any API; the import checks its own (large) body after the ops check.
  app.use("*", (c, next) => (c.req.method === "POST" && c.req.path === ADMIN_IMPORT_PATH ? next() : refuseNulBytes(c, next)));

  // Compiled live rules, shared by redirect-light, the block check and the ops console.
  const rules = createRuleCache();

  app.get("/health", async (c) => {
    const dbOk = await ping(db);
    return c.json({ status: dbOk ? "ok" : "degraded", db: info.dbKind, dbOk }, dbOk ? 200 : 503);
  });
  app.route("/ready", readyApi(info.readiness));

  app.route("/bff-api/config", configApi(db));
  app.route("/bff-api/rules", rulesApi(db));
  app.route("/redirects-api", redirectsApi(db, rules));
  app.route("/blocks-api", blocksApi(db, rules));
  app.route(ADMIN_BASE, adminApi(db, rules));
  app.route("/web-api", sessionApi(db));
  app.route("/web-api", userApi(db, settings));
  app.route("/web-api", accountApi(db, settings));
  app.route("/web-api", loginApi(db, settings));
  app.route("/web-api", registrationApi(db, settings));
  app.route("/web-api", phoneApi(db));
  app.route("/captcha-api", captchaApi(db));
  app.route("/social-api", socialApi(db, settings));
  if (info.devOutbox) app.route("/__dev", devOutboxApi(db));
  if (info.sports) app.route("/sports-api", sportsApi(db, info.sports));
  // Before the general hooks, so /__test/sports/* is not taken by their not-found handler.
  if (faults && info.sports) app.route("/__test/sports", sportsTestHooksApi(info.sports));
  if (faults) app.route("/__test/ledger", ledgerTestHooksApi(db));
  if (faults) app.route("/__test/bets", betsTestHooksApi(db));
  if (faults) app.route("/__test/payments", paymentsTestHooksApi(info.payments.settings.clock, info.payments.recovery));
  app.route(`${ADMIN_BASE}/bets`, betsAdminApi(db));
  if (faults) app.route("/__test", testHooksApi(db, faults, settings));
  app.route("/web-api", ledgerApi(db));
  app.route("/web-api", betsApi(db, { liveDelayMs: info.betLiveDelayMs, placeWindowMs: info.betPlaceWindowMs }));
  const paymentSettings = info.payments.settings;
  app.route("/web-api", paymentsApi(db, paymentSettings));
  app.route("/payments-api", paymentCallbackApi(db, paymentSettings));

  app.notFound((c) => apiError(c, 404, "not_found", "No such API"));
  app.onError((error, c) => {
    log.error("request.failed", { method: c.req.method, path: c.req.path, error });
    return apiError(c, 500, "internal", "Internal error");
  });
  return app;
}
