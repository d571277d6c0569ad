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

/** Answers by URL, the whole question (guard-answers.server.ts). */
const answers = guardAnswerCache<RedirectAnswer>();

/**
 * POST /redirects-api/api/v1/redirect-light: the operator's redirect rules for a URL. Callers of
 * one URL share a call, so it carries no caller's abort signal: the deadline bounds it.
 */
export function redirectLight(url: string, deadline?: number): Promise<RedirectAnswer> {
  return answers.get(url, () =>
    callUpstream({
      upstream: "redirects",
      path: "/redirects-api/api/v1/redirect-light",
      method: "POST",
      json: { url },
      schema: redirectAnswerSchema,
      retry: REDIRECT_CHECK_RETRY,
      deadline,
    })
  );
}
