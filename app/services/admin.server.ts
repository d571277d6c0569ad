import { json } from "@remix-run/node";
import { z } from "zod";
import { withAccessToken } from "./auth.server";
import { clearGuardAnswers } from "./guard-answers.server";
import { callUpstream, UpstreamError } from "./http.server";
import { placedCouponSchema } from "./bets.server";

/**
 * The platform's admin API (/admin-api/v1) behind the ops console. Every call carries the ops
 * user's own token; the platform checks the ops role itself.
 */

export const redirectRuleSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  target: z.string(),
  code: z.number().int(),
  languages: z.array(z.string()).nullable(),
  active: z.boolean(),
  priority: z.number().int(),
  note: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type RedirectRule = z.infer<typeof redirectRuleSchema>;

export const warningSchema = z.object({ kind: z.enum(["shadows", "shadowed_by"]), ruleId: z.number().int(), source: z.string() });
export type RuleWarning = z.infer<typeof warningSchema>;

const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export interface RuleInput {
  source: string;
  target: string;
  code: number;
  languages: string[] | null;
  active: boolean;
  priority: number;
  note: string;
}

/** A refusal from the admin API: its code, message, field and (for loops) the loop. */
export interface AdminError {
  code: string;
  message: string;
  field?: string;
  loop?: string[];
  rows?: Array<{ row: number; field?: string; code: string; message: string }>;
}

const knownCodes = [
  "invalid_pattern",
  "invalid_target",
  "target_host_not_allowed",
  "param_missing",
  "invalid_code",
  "invalid_language",
  "loop",
  "duplicate_source",
  "rate_limited",
  "import_invalid",
  "invalid_value",
  "not_found",
  "vip_already_decided",
  "vip_cannot_approve",
] as const;

/** The dictionary key that explains an admin refusal to the ops user. */
export function adminErrorKey(code: string): string {
  return (knownCodes as readonly string[]).includes(code) ? `ops.adminErrors.${code}` : "ops.adminErrors.refused";
}

export function adminError(error: unknown): AdminError | null {
  if (!(error instanceof UpstreamError) || error.kind !== "http" || error.status >= 500) return null;
  const parsed = z
    .object({
      error: z.object({
        code: z.string(),
        message: z.string(),
        field: z.string().optional(),
        loop: z.array(z.string()).optional(),
        rows: z.array(z.object({ row: z.number().int(), field: z.string().optional(), code: z.string(), message: z.string() })).optional(),
      }),
    })
    .safeParse(error.body);
  return parsed.success ? parsed.data.error : { code: error.status === 429 ? "rate_limited" : "refused", message: error.message };
}

/**
 * The answer when the admin API is down, slow or answering nonsense (not a refusal): a 503 whose
 * page says so in the ops user's language (`messageKey`, read by ShellError) instead of a bare
 * 500. A write that timed out may still land on the platform, so the message says to check.
 */
function adminUnavailable(): Response {
  return json({ messageKey: "ops.errors.adminUnavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
}

function admin<S extends z.ZodTypeAny>(
  sessionToken: string,
  call: { path: string; method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; query?: Record<string, string | number | undefined>; json?: unknown; schema: S },
): Promise<z.infer<S>> {
  const answer = withAccessToken(sessionToken, (token) =>
    callUpstream({ upstream: "admin", ...call, path: `/admin-api/v1${call.path}`, headers: { authorization: `Bearer ${token}` } }),
  ).catch((error: unknown) => {
    if (error instanceof UpstreamError && (error.kind !== "http" || error.status >= 500)) throw adminUnavailable();
    throw error;
  });
  // A write may change redirect or block rules: the next page asks again, not the micro-cache.
  // Also after a failure, since a write that timed out may still have landed.
  return (call.method ?? "GET") === "GET" ? answer : answer.finally(clearGuardAnswers);
}

export const listRedirectRules = (token: string, query: Record<string, string | number | undefined>) =>
  admin(token, { path: "/redirect-rules", query, schema: page(redirectRuleSchema) });
export const getRedirectRule = (token: string, id: number) => admin(token, { path: `/redirect-rules/${id}`, schema: redirectRuleSchema });
const saved = z.object({ rule: redirectRuleSchema, warnings: z.array(warningSchema) });
export const createRedirectRule = (token: string, input: RuleInput) =>
  admin(token, { path: "/redirect-rules", method: "POST", json: input, schema: saved });
export const updateRedirectRule = (token: string, id: number, input: RuleInput) =>
  admin(token, { path: `/redirect-rules/${id}`, method: "PUT", json: input, schema: saved });
export const setRedirectRuleActive = (token: string, id: number, active: boolean) =>
  admin(token, { path: `/redirect-rules/${id}`, method: "PATCH", json: { active }, schema: saved });
/** Whether the rule was there to delete: one already gone is `false`, for the page to answer 404. */
export const deleteRedirectRule = (token: string, id: number): Promise<boolean> =>
  admin(token, { path: `/redirect-rules/${id}`, method: "DELETE", schema: z.object({ ok: z.literal(true) }) }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof UpstreamError && error.status === 404) return false;
      throw error;
    },
  );
export const validateRedirectRule = (token: string, input: RuleInput & { id?: number }) =>
  admin(token, {
    path: "/redirect-rules/validate",
    method: "POST",
    json: input,
    schema: z.object({
      ok: z.boolean(),
      errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional(), loop: z.array(z.string()).optional() })),
      warnings: z.array(warningSchema),
    }),
  });

export const tryRedirect = (token: string, url: string) =>
  admin(token, {
    path: "/redirect-rules/try",
    method: "POST",
    json: { url },
    schema: z.object({
      redirect: z.boolean(),
      code: z.number().int().nullable(),
      url: z.string().nullable(),
      reasons: z.array(z.string()),
      breadcrumbs: z.array(z.string()),
    }),
  });

export const exportRules = (token: string) =>
  admin(token, { path: "/redirect-rules/export", schema: z.object({ version: z.number(), exportedAt: z.string(), rules: z.array(z.unknown()) }) });
export const importRules = (token: string, rules: unknown[], mode: "append" | "replace") =>
  admin(token, { path: "/redirect-rules/import", method: "POST", json: { rules, mode }, schema: z.object({ imported: z.number().int() }) });

const switchSchema = z.object({ value: z.unknown(), updated_by: z.string().nullable(), updated_at: z.string().nullable() });
export type Switch = z.infer<typeof switchSchema>;
export const switchKeys = ["maintenance", "availableRoutes", "urlsToRedirectTo404", "redirectAllowedHosts"] as const;
export type SwitchKey = (typeof switchKeys)[number];
export const getSwitches = (token: string) =>
  admin(token, { path: "/switches", schema: z.object({ maintenance: switchSchema, availableRoutes: switchSchema, urlsToRedirectTo404: switchSchema, redirectAllowedHosts: switchSchema }) });
export const setSwitch = (token: string, key: SwitchKey, value: unknown) =>
  admin(token, { path: `/switches/${key}`, method: "PUT", json: { value }, schema: switchSchema });

export const blockRuleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["country", "user_agent", "path"]),
  pattern: z.string(),
  reason: z.number().int(),
  template_type_id: z.number().int(),
  applies_to: z.string(),
  active: z.boolean(),
  priority: z.number().int(),
  note: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type BlockRule = z.infer<typeof blockRuleSchema>;
export const listBlockRules = (token: string, query: Record<string, string | number | undefined>) =>
  admin(token, { path: "/block-rules", query, schema: page(blockRuleSchema) });
export const createBlockRule = (token: string, input: { kind: string; pattern: string; reason: number; appliesTo: string; priority: number; note: string }) =>
  admin(token, { path: "/block-rules", method: "POST", json: input, schema: blockRuleSchema });
export const deleteBlockRule = (token: string, id: number) =>
  admin(token, { path: `/block-rules/${id}`, method: "DELETE", schema: z.object({ ok: z.literal(true) }) });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const listAudit = (token: string, query: Record<string, string | number | undefined>) =>
  admin(token, { path: "/audit", query, schema: page(auditEntrySchema) });

// Ops console: block rule pages. (Lists the pages render, such as the block reasons, live in the
// route modules: a .server module is empty in the browser.)

export interface BlockRuleInput {
  kind: "country" | "user_agent" | "path";
  pattern: string;
  reason: number;
  appliesTo: "all" | "guests" | "users";
  priority: number;
  note: string;
  active?: boolean;
}
export const updateBlockRule = (token: string, id: number, input: BlockRuleInput) =>
  admin(token, { path: `/block-rules/${id}`, method: "PUT", json: input, schema: blockRuleSchema });
export const setBlockRuleActive = (token: string, id: number, active: boolean) =>
  admin(token, { path: `/block-rules/${id}`, method: "PATCH", json: { active }, schema: blockRuleSchema });

/** A VIP coupon waiting for approval (SPEC §5, decision 035): the bettor's coupon and who placed it. */
const vipCouponSchema = placedCouponSchema.extend({ userId: z.number().int(), bettor: z.string() });
export type VipCoupon = z.infer<typeof vipCouponSchema>;
export const listVipCoupons = (token: string, query: { page: number; pageSize: number }) =>
  admin(token, { path: "/bets/vip-coupons", query, schema: page(vipCouponSchema) });
/**
 * Approves (the stake is taken, the bet opens) or rejects (the hold is released) one VIP coupon; audited by the platform.
 * @money a route whose action reaches this declares `money: true` (docs/ACTIONS.md)
 */
export const decideVipCoupon = (token: string, couponId: number, decision: "approve" | "reject") =>
  admin(token, { path: `/bets/vip-coupons/${couponId}/${decision}`, method: "POST", schema: z.object({ result: placedCouponSchema }) });
