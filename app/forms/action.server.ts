import { type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { env } from "~/env.server";
import { getT } from "~/i18n/dictionaries.server";
import { translatedError as refusal } from "~/lib/responses.server";
import { CSRFError, validateCsrf } from "./csrf.server";
import type { PageRouteId } from "~/route-ids";
import { type PageContext, guardPage } from "~/loaders/guards.server";
import { type OpsContext, requireOps } from "~/loaders/ops.server";
import { languageWithoutConfig } from "~/loaders/site.server";
import { isOutage } from "~/services/http.server";
import { log } from "~/services/log.server";
import { hasBadCharacters, isFormMediaType, originAllowed } from "./request-checks";

/**
 * The one way to write a form action (docs/ACTIONS.md). In this order:
 *
 *   guards → content type (415) → body size (413) → formData() → NUL byte / invalid UTF-8
 *   (400) → foreign Origin (403) → CSRF token (403) → zod (400, form re-rendered) → handler
 *
 * Every refusal before the handler is a 4xx with a translated message and changes nothing;
 * the handler only ever sees valid, typed input.
 */

/** Forms are small; a route that takes more (the ops import) declares it with `maxBytes`. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

type Schema = z.ZodTypeAny;

export interface ActionOptions<Invalid> {
  /** The largest body this action reads, in bytes (default 64 KiB). */
  maxBytes?: number;
  /** Fields never echoed back in a refused form (passwords, codes). */
  hideFields?: string[];
  /**
   * The body of a 400 for invalid fields: the page's data around the form's errors. The
   * default is `{ lastResult }`, what conform's useForm takes.
   */
  invalid?: (lastResult: SubmissionResult<string[]>, formData: FormData) => Invalid;
  /**
   * A route's own proof instead of the site's CSRF token (the one-tap provider's double-submit
   * cookie); true when the request carries it.
   */
  csrf?: (request: Request, formData: FormData) => boolean;
  /** Other origins that may post here (an identity provider posting back to us). */
  origins?: string[];
  /**
   * Reshapes the raw form before it is checked and parsed (the ops import copies a chosen
   * file into its text field, so the file's text is checked like any field).
   */
  prepare?: (formData: FormData) => Promise<void>;
  /**
   * A route without a page (a resource route): invalid fields are answered as a refusal with
   * a translated message, since there is no form to re-render.
   */
  plain?: boolean;
}

export interface ActionInput<Ctx, S extends Schema> {
  ctx: Ctx;
  value: z.output<S>;
  submission: Submission<z.input<S>, string[], z.output<S>>;
  formData: FormData;
  request: Request;
}

type SchemaOf<S extends Schema> = S | ((formData: FormData) => S);

/** Refusals are the site's one translated error (app/lib/responses.server.ts). */
export { type TranslatedError as Refusal, translatedError as refusal } from "~/lib/responses.server";

/**
 * What the patched Remix runtime answers a document or data POST whose Origin is foreign or
 * malformed, before any action runs (decision 010; exported by entry.server.tsx). It has no
 * guards behind it, so the language comes from the URL prefix, the cookie or the browser.
 */
export async function originRefusal(request: Request): Promise<{ status: number; message: string }> {
  log.warn("action.refused", { status: 403, reason: "origin", path: new URL(request.url).pathname });
  const t = getT(languageWithoutConfig(request));
  return { status: 403, message: t("actions.foreignOrigin") };
}

const ranAction = new WeakSet<AppLoadContext>();

/**
 * Whether this request's action ran. A document POST runs the action and then the page's
 * loaders in the same request; a loader that sends signed-in visitors away asks this so the
 * page the action just answered (e.g. a new player's credentials) still renders.
 */
export function afterAction(context: AppLoadContext): boolean {
  return ranAction.has(context);
}

/** The body, read up to `max` bytes; null when it is larger (nothing past the limit is kept). */
async function readBody(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > max) return null;
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

async function csrfValid(request: Request, formData: FormData): Promise<boolean> {
  try {
    await validateCsrf(formData, request.headers);
    return true;
  } catch (error) {
    if (error instanceof CSRFError) {
      log.warn("csrf.refused", { code: error.code, path: new URL(request.url).pathname });
      return false;
    }
    throw error;
  }
}

async function runAction<Ctx, S extends Schema, R, Invalid>(
  request: Request,
  context: AppLoadContext,
  ctx: Ctx,
  lng: string,
  schema: SchemaOf<S>,
  handler: (input: ActionInput<Ctx, S>) => Promise<R>,
  options: ActionOptions<Invalid>,
) {
  ranAction.add(context);
  const refuse = async (status: number, key: string, reason: string): Promise<never> => {
    log.warn("action.refused", { status, reason, path: new URL(request.url).pathname });
    throw await refusal(status, key, lng);
  };

  if (!isFormMediaType(request.headers.get("content-type"))) return refuse(415, "actions.unsupportedType", "content-type");

  const max = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const body = await readBody(request, max);
  if (!body) return refuse(413, "actions.tooLarge", "size");

  let formData: FormData;
  try {
    formData = await new Request(request.url, { method: "POST", headers: { "content-type": request.headers.get("content-type") ?? "" }, body }).formData();
  } catch {
    return refuse(400, "actions.badBody", "unreadable");
  }
  if (options.prepare) await options.prepare(formData);
  if (hasBadCharacters(formData)) return refuse(400, "actions.badCharacters", "characters");

  if (!originAllowed(request.headers.get("origin"), new URL(request.url), env.PUBLIC_ORIGIN, options.origins)) {
    return refuse(403, "actions.foreignOrigin", "origin");
  }
  const proven = options.csrf ? options.csrf(request, formData) : await csrfValid(request, formData);
  if (!proven) return refuse(403, "actions.badToken", "csrf");

  const submission = parseWithZod(formData, { schema: typeof schema === "function" ? schema(formData) : schema });
  if (submission.status !== "success") {
    if (options.plain) return refuse(400, "actions.invalid", "invalid");
    const lastResult = submission.reply({ hideFields: options.hideFields }) as SubmissionResult<string[]>;
    const body = options.invalid ? options.invalid(lastResult, formData) : ({ lastResult } as Invalid);
    return data(body, { status: 400 });
  }
  try {
    return await handler({ ctx, value: submission.value as z.output<S>, submission: submission as ActionInput<Ctx, S>["submission"], formData, request });
  } catch (error) {
    // An upstream that is away is a 503 that says "try again", never a 500 (issue 37); an action
    // whose outcome may stand (a placement) answers that itself, before it gets here.
    if (isOutage(error)) return refuse(503, "errors.generic", "upstream away");
    throw error;
  }
}

/**
 * A page's action: the page's guards (as its loader runs them), then every check above, then
 * `handler` with the guarded context and the parsed values.
 */
export async function pageAction<S extends Schema, R, Invalid = { lastResult: SubmissionResult<string[]> }>(
  args: ActionFunctionArgs,
  routeId: PageRouteId,
  schema: SchemaOf<S>,
  handler: (input: ActionInput<PageContext, S>) => Promise<R>,
  options: ActionOptions<Invalid> = {},
) {
  const ctx = await guardPage(args, routeId);
  return runAction(args.request, args.context, ctx, ctx.site.lng, schema, handler, options);
}

/** An ops console action: the ops-role guard (a 404 for anyone else), then the same checks. */
export async function opsAction<S extends Schema, R, Invalid = { lastResult: SubmissionResult<string[]> }>(
  args: ActionFunctionArgs,
  schema: SchemaOf<S>,
  handler: (input: ActionInput<OpsContext, S>) => Promise<R>,
  options: ActionOptions<Invalid> = {},
) {
  const ops = await requireOps(args);
  return runAction(args.request, args.context, ops, ops.site.lng, schema, handler, options);
}
