import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { type AdminError, adminError, adminErrorKey } from "~/services/admin.server";
import type { RowReply } from "./kit";

/**
 * How the console's actions answer the admin API: a refusal in the ops user's words (at its
 * field when the form has one), a rate limit as 429, a change done from a plain form as a
 * redirect back to the page and from a fetcher as data.
 */

export interface OpsRefusal {
  code: string;
  /** The dictionary key that says it. */
  key: string;
  /** 429 for a rate limit, otherwise the status the caller gave (400 by default). */
  status: number;
  /** The form's field the refusal is about, if the form has that field. */
  field: string | null;
  /** The platform's own words, shown as a technical detail under the message. */
  detail: string;
  loop: string[] | null;
  rows: AdminError["rows"] | null;
}

export interface RefusalOptions {
  /** Keys for codes that mean something else on this page (a block rule's pattern). */
  keys?: Record<string, string>;
  /** The form's fields, by the admin API's names or through a mapping of them. */
  fields?: readonly string[] | ((field: string | undefined, code: string) => string | null);
  status?: number;
}

/** An admin refusal in the console's words (also one the API lists rather than throws: a check's errors). */
export function opsRefusal(refused: AdminError, options: RefusalOptions = {}): OpsRefusal {
  const fields = options.fields;
  const field = typeof fields === "function" ? fields(refused.field, refused.code) : refused.field && fields?.includes(refused.field) ? refused.field : null;
  return {
    code: refused.code,
    key: options.keys?.[refused.code] ?? adminErrorKey(refused.code),
    status: refused.code === "rate_limited" ? 429 : (options.status ?? 400),
    field,
    detail: refused.message,
    loop: refused.loop ?? null,
    rows: refused.rows ?? null,
  };
}

export type AdminOutcome<T> = { ok: true; value: T } | { ok: false; refusal: OpsRefusal };

/**
 * An admin call's value, or its refusal (a 4xx with the admin API's error). Anything else (the
 * API down or answering nonsense: a 503 page already) is thrown.
 */
export async function adminCall<T>(call: Promise<T>, options: RefusalOptions = {}): Promise<AdminOutcome<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    const refused = adminError(error);
    if (!refused) throw error;
    return { ok: false, refusal: opsRefusal(refused, options) };
  }
}

type Reply = (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>;

/** The conform reply of a record form the platform refused: the message at its field, or the form's. */
export function refusedReply(submission: { reply: Reply }, refusal: OpsRefusal): SubmissionResult<string[]> {
  return submission.reply(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.key] } } : { formErrors: [refusal.key] });
}

/** A row's button refused by the platform; `page` is the rest of the page's answer (its other forms' results). */
export function refusedRow<Page extends object = object>(rowId: number, refusal: OpsRefusal, page?: Page) {
  const row: RowReply = { rowId, rowError: refusal.key, detail: refusal.detail };
  return data({ ...(page as Page), ...row }, { status: refusal.status });
}

/** A post from a plain form (no JavaScript): a browser that wants the page back. */
export function isPlainForm(request: Request): boolean {
  return request.headers.get("accept")?.includes("text/html") ?? false;
}

/** A change done: a plain form goes back to `to`; a fetcher gets `body` where it stands. */
export function changed<T>(request: Request, to: string, body: T) {
  if (isPlainForm(request)) throw redirect(to);
  return data(body);
}
