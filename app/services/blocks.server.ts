import { z } from "zod";
import { BLOCK_CHECK_RETRY } from "~/constants";
import { guardAnswerCache } from "./guard-answers.server";
import { callUpstream } from "./http.server";
import { visitorAddress } from "./visitor.server";

const blockAnswerSchema = z.object({
  displayTypeId: z.number().int().nullable(),
  templateTypeId: z.number().int().nullable(),
});
export type BlockAnswer = z.infer<typeof blockAnswerSchema>;

/**
 * Answers keyed by everything the question carries: the auth flag, URL, country, user-agent and
 * the visitor's address (every upstream call sends it as x-client-ip; a block may be by address).
 */
const answers = guardAnswerCache<BlockAnswer>();

/**
 * POST /blocks-api/api/v2/block: is this visitor blocked here, and why (displayTypeId). With
 * `reuse` (page views), an answer of the last GUARD_CACHE_MS is reused and callers of one question
 * share a call, so it carries no caller's abort signal: the deadline bounds it. Form posts, whose
 * deadline is longer, and the debugger ask on their own.
 */
export function blockCheck(input: {
  isAuth: boolean;
  url: string;
  country: string | null;
  userAgent: string | null;
  deadline?: number;
  reuse?: boolean;
}): Promise<BlockAnswer> {
  const ask = () =>
    callUpstream({
      upstream: "blocks",
      path: "/blocks-api/api/v2/block",
      method: "POST",
      json: { isAuth: input.isAuth, url: input.url },
      headers: {
        "x-country-code": input.country ?? undefined,
        "x-client-user-agent": input.userAgent ?? undefined,
      },
      schema: blockAnswerSchema,
      retry: BLOCK_CHECK_RETRY,
      deadline: input.deadline,
    });
  if (!input.reuse) return ask();
  return answers.get(JSON.stringify([input.isAuth, input.url, input.country, input.userAgent, visitorAddress()]), ask);
}
