import { z } from "zod";
import { REDIRECT_CHECK_RETRY } from "~/constants";
import { guardAnswerCache } from "./guard-answers.server";
import { callUpstream } from "./http.server";

const redirectAnswerSchema = z.object({
  redirect: z.boolean(),
  code: z
    .union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)])
    .nullable(),
  url: z.string().nullable(),
  reasons: z.array(z.string()),
  breadcrumbs: z.array(z.string()),
});
export type RedirectAnswer = z.infer<typeof redirectAnswerSchema>;

/**
 * Answers by URL, the whole question (guard-answers.server.ts): the rules match the path and its
 * query only. The visitor's address goes with every upstream call, for the API's rate limits.
 */
const answers = guardAnswerCache<RedirectAnswer>();

/**
 * POST /redirects-api/api/v1/redirect-light: the operator's redirect rules for a URL. With `reuse`
 * (page views), an answer of the last GUARD_CACHE_MS is reused and callers of one URL share a
 * call, so it carries no caller's abort signal: the deadline bounds it. Form posts, whose deadline
 * is longer, and the debugger ask on their own.
 */
export function redirectLight(url: string, options: { deadline?: number; reuse?: boolean } = {}): Promise<RedirectAnswer> {
  const ask = () =>
    callUpstream({
      upstream: "redirects",
      path: "/redirects-api/api/v1/redirect-light",
      method: "POST",
      json: { url },
      schema: redirectAnswerSchema,
      retry: REDIRECT_CHECK_RETRY,
      deadline: options.deadline,
    });
  return options.reuse ? answers.get(url, ask) : ask();
}
