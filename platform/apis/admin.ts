import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { Db } from "../db/index.ts";
import { blockInputSchema, blockProblemFromZod, createBlockRule, deleteBlockRule, getBlockRule, listBlockRules, setBlockRuleActive, updateBlockRule } from "../domain/admin-blocks.ts";
import type { Outcome } from "../domain/admin-outcome.ts";
import {
  MAX_IMPORT_ROWS,
  createRule,
  deleteRule,
  exportRules,
  getRule,
  importRules,
  listRules,
  problemsFromZod,
  ruleInputSchema,
  setRuleActive,
  updateRule,
  validateRule,
} from "../domain/admin-redirects.ts";
import { type Actor, auditEntities, listAudit } from "../domain/audit.ts";
import { hitIfUnder } from "../domain/rate-limits.ts";
import type { RuleCache } from "../domain/rule-cache.ts";
import { type SwitchKey, switchKeys } from "../domain/site-config.ts";
import { getSwitches, setSwitch } from "../domain/switches.ts";
import { type AuthEnv, requireOps } from "./auth.ts";
import { type Parsed, apiError, containsNul, parseParams, parseQuery, rateLimited, requestUrl } from "./http.ts";
import { redirectLight } from "./redirects.ts";

/**
 * /admin-api/v1: what the site's ops console calls to edit redirect rules, block rules and the
 * site switches. Every call needs the ops role (checked here from the token); every change is
 * JSON-only, rate-limited per ops user, one transaction with its audit row, and bumps the config
 * version the site polls.
 */

export const ADMIN_BASE = "/admin-api/v1";
/** The one admin path with large bodies; server.ts leaves it out of the global body limit. */
export const ADMIN_IMPORT_PATH = `${ADMIN_BASE}/redirect-rules/import`;
/** 5000 rows of long sources, targets and notes fit. */
const IMPORT_MAX_BYTES = 16 * 1024 * 1024;

export const ADMIN_CHANGES_PER_MINUTE = 60;
const CHANGE_SCOPE = "admin_change";

const MAX_ID = 2_147_483_647;
const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, "must be a rule number")
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, "must be a rule number"),
});

// Forms send empty filters as "": they mean "no filter".
const blankless = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const paging = {
  page: blankless(z.coerce.number().int().min(1).max(1_000_000)).transform((v) => v ?? 1),
  pageSize: blankless(z.coerce.number().int().min(1).max(200)).transform((v) => v ?? 50),
};
const booleanText = z.enum(["true", "false"]).transform((v) => v === "true");

const ruleListQuery = z.object({
  ...paging,
  q: blankless(z.string().trim().max(200)),
  active: blankless(booleanText),
  code: blankless(z.enum(["301", "302", "307", "308"]).transform(Number)),
  source: blankless(z.string().trim().max(1000)),
  target: blankless(z.string().trim().max(2000)),
});
const blockListQuery = z.object({
  ...paging,
  kind: blankless(z.enum(["country", "user_agent", "path"])),
  active: blankless(booleanText),
});
const auditQuery = z.object({
  ...paging,
  entity: blankless(z.enum(auditEntities as [string, ...string[]])),
  entityId: blankless(z.string().max(100)),
  action: blankless(z.string().max(100)),
});

const validateBody = ruleInputSchema.extend({
  id: z.number({ invalid_type_error: "must be a rule number" }).int("must be a rule number").min(1, "must be a rule number").max(MAX_ID).optional(),
});
const activeBody = z.object({ active: z.boolean({ required_error: "is required", invalid_type_error: "must be true or false" }) });
const tryBody = z.object({ url: requestUrl });

/** The JSON object a request carries; anything else is a 400 before any field is looked at. */
async function jsonObject(c: Context): Promise<Parsed<Record<string, unknown>>> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: apiError(c, 400, "bad_request", "body: expected a JSON document") };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, response: apiError(c, 400, "bad_request", "body: expected a JSON object") };
  }
  if (containsNul(body)) return { ok: false, response: apiError(c, 400, "bad_request", "body: text must not contain NUL characters") };
  return { ok: true, data: body as Record<string, unknown> };
}

/** The body of a rule's PATCH: `{ "active": true | false }`. */
async function activeFlag(c: Context): Promise<{ ok: true; active: boolean } | { ok: false; response: Response }> {
  const body = await jsonObject(c);
  if (!body.ok) return body;
  const parsed = activeBody.safeParse(body.data);
  if (!parsed.success) return { ok: false, response: apiError(c, 400, "invalid_value", `active ${parsed.error.issues[0]?.message ?? "is invalid"}`, { field: "active" }) };
  return { ok: true, active: parsed.data.active };
}

function send<T>(c: Context, outcome: Outcome<T>, status: 200 | 201 = 200) {
  if (outcome.ok) return c.json(outcome.value as object, status);
  const { status: code, code: errorCode, message, details } = outcome.refusal;
  return apiError(c, code, errorCode, message, details);
}

function actorOf(c: Context<AuthEnv>): Actor {
  const user = c.var.user;
  return { userId: user.id, name: user.login ?? user.email ?? `user #${user.id}` };
}

export function adminApi(db: Db, cache: RuleCache) {
  const app = new Hono<AuthEnv>();

  app.use("*", requireOps(db));

  /**
   * Guards every change. The bearer token is not something a browser attaches on its own, so a
   * forged cross-site request cannot carry it; requiring a JSON body on top means a cross-site
   * form or simple request is refused even if a token ever leaked into one (JSON needs a CORS
   * preflight this API never grants). Then the per-user limit: every attempt counts, refused
   * ones included, so a script cannot hammer validation either.
   */
  const change: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (c.req.method !== "DELETE" && !/^application\/json\s*(;|$)/i.test(c.req.header("content-type") ?? "")) {
      return apiError(c, 415, "unsupported_media_type", "Changes must be sent as application/json");
    }
    const hit = await hitIfUnder(db, CHANGE_SCOPE, String(c.var.user.id), 60, ADMIN_CHANGES_PER_MINUTE);
    if (!hit.allowed) return rateLimited(c, hit.retryAfterSeconds, "changes");
    await next();
  };

  async function ruleBody<S extends typeof ruleInputSchema | typeof validateBody>(c: Context, schema: S) {
    const body = await jsonObject(c);
    if (!body.ok) return body;
    const parsed = schema.safeParse(body.data);
    if (parsed.success) return { ok: true as const, data: parsed.data as z.infer<S> };
    return { ok: false as const, problems: problemsFromZod(parsed.error) };
  }

  // Redirect rules. Fixed paths first: "/redirect-rules/export" must not be read as an id.
  app.get("/redirect-rules", async (c) => {
    const q = parseQuery(c, ruleListQuery);
    if (!q.ok) return q.response;
    return c.json(await listRules(db, q.data));
  });

  app.get("/redirect-rules/export", async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await exportRules(db));
  });

  app.post("/redirect-rules/validate", async (c) => {
    const body = await ruleBody(c, validateBody);
    if ("response" in body) return body.response;
    if (!body.ok) return c.json({ ok: false, errors: body.problems, warnings: [] });
    const { id, ...input } = body.data;
    return send(c, await validateRule(db, cache, input, id));
  });

  app.post("/redirect-rules/try", async (c) => {
    const body = await jsonObject(c);
    if (!body.ok) return body.response;
    const parsed = tryBody.safeParse(body.data);
    if (!parsed.success) return apiError(c, 400, "bad_request", `url: ${parsed.error.issues[0]?.message ?? "invalid"}`, { field: "url" });
    return c.json(await redirectLight(db, cache, parsed.data.url));
  });

  app.post(
    "/redirect-rules/import",
    change,
    bodyLimit({
      maxSize: IMPORT_MAX_BYTES,
      onError: (c) => apiError(c, 413, "payload_too_large", `Imports are limited to ${IMPORT_MAX_BYTES} bytes`),
    }),
    async (c) => {
      const body = await jsonObject(c);
      if (!body.ok) return body.response;
      const invalid = (message: string) => apiError(c, 400, "import_invalid", message, { rows: [] });
      const { rules, mode } = body.data;
      if (mode !== "append" && mode !== "replace") return invalid('mode must be "append" or "replace"');
      if (!Array.isArray(rules)) return invalid("rules must be a list of rules");
      if (rules.length > MAX_IMPORT_ROWS) return invalid(`an import has at most ${MAX_IMPORT_ROWS} rules (this one has ${rules.length})`);
      return send(c, await importRules(db, cache, actorOf(c), rules, mode));
    },
  );

  app.post("/redirect-rules", change, async (c) => {
    const body = await ruleBody(c, ruleInputSchema);
    if ("response" in body) return body.response;
    if (!body.ok) return apiError(c, 400, body.problems[0]!.code, body.problems[0]!.message, { field: body.problems[0]!.field });
    return send(c, await createRule(db, cache, actorOf(c), body.data), 201);
  });

  app.get("/redirect-rules/:id", async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    return send(c, await getRule(db, p.data.id));
  });

  app.put("/redirect-rules/:id", change, async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const body = await ruleBody(c, ruleInputSchema);
    if ("response" in body) return body.response;
    if (!body.ok) return apiError(c, 400, body.problems[0]!.code, body.problems[0]!.message, { field: body.problems[0]!.field });
    return send(c, await updateRule(db, cache, actorOf(c), p.data.id, body.data));
  });

  app.patch("/redirect-rules/:id", change, async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const flag = await activeFlag(c);
    if (!flag.ok) return flag.response;
    return send(c, await setRuleActive(db, cache, actorOf(c), p.data.id, flag.active));
  });

  app.delete("/redirect-rules/:id", change, async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    return send(c, await deleteRule(db, cache, actorOf(c), p.data.id));
  });

  // Site switches.
  app.get("/switches", async (c) => c.json(await getSwitches(db)));

  app.put("/switches/:key", change, async (c) => {
    const key = c.req.param("key");
    if (!(switchKeys as string[]).includes(key)) return apiError(c, 404, "not_found", `No switch "${key}"; the switches are ${switchKeys.join(", ")}`);
    const body = await jsonObject(c);
    if (!body.ok) return body.response;
    if (!("value" in body.data)) return apiError(c, 400, "invalid_value", "value is required", { field: "value" });
    return send(c, await setSwitch(db, actorOf(c), key as SwitchKey, body.data.value));
  });

  // Block rules.
  app.get("/block-rules", async (c) => {
    const q = parseQuery(c, blockListQuery);
    if (!q.ok) return q.response;
    return c.json(await listBlockRules(db, q.data));
  });

  async function blockBody(c: Context) {
    const body = await jsonObject(c);
    if (!body.ok) return body;
    const parsed = blockInputSchema.safeParse(body.data);
    if (parsed.success) return { ok: true as const, data: parsed.data };
    const problem = blockProblemFromZod(parsed.error);
    return { ok: false as const, response: apiError(c, 400, problem.code, problem.message, { field: problem.field }) };
  }

  app.post("/block-rules", change, async (c) => {
    const body = await blockBody(c);
    if (!body.ok) return body.response;
    return send(c, await createBlockRule(db, actorOf(c), body.data), 201);
  });

  app.get("/block-rules/:id", async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    return send(c, await getBlockRule(db, p.data.id));
  });

  app.put("/block-rules/:id", change, async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const body = await blockBody(c);
    if (!body.ok) return body.response;
    return send(c, await updateBlockRule(db, actorOf(c), p.data.id, body.data));
  });

  app.patch("/block-rules/:id", change, async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    const flag = await activeFlag(c);
    if (!flag.ok) return flag.response;
    return send(c, await setBlockRuleActive(db, actorOf(c), p.data.id, flag.active));
  });

  app.delete("/block-rules/:id", change, async (c) => {
    const p = parseParams(c, idParam);
    if (!p.ok) return p.response;
    return send(c, await deleteBlockRule(db, actorOf(c), p.data.id));
  });

  // Audit log, newest first.
  app.get("/audit", async (c) => {
    const q = parseQuery(c, auditQuery);
    if (!q.ok) return q.response;
    const { entity, ...rest } = q.data;
    return c.json(await listAudit(db, { ...rest, entity: entity as (typeof auditEntities)[number] | undefined }));
  });

  return app;
}
