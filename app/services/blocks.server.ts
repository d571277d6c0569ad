import { z } from "zod";
import { BLOCK_CHECK_RETRY } from "~/constants";
import { guardAnswerCache } from "./guard-answers.server";
import { callUpstream } from "./http.server";

const blockAnswerSchema = z.object({
  displayTypeId: z.number().int().nullable(),
  templateTypeId: z.number().int().nullable(),
});
export type BlockAnswer = z.infer<typeof blockAnswerSchema>;

/** Answers keyed by everything the question carries: the auth flag, URL, country and user-agent. */
const answers = guardAnswerCache<BlockAnswer>();

/**
 * POST /blocks-api/api/v2/block: is this visitor blocked here, and why (displayTypeId). Callers
 * of one question share a call, so it carries no caller's abort signal: the deadline bounds it.
 */
export function blockCheck(input: {
  isAuth: boolean;
  url: string;
  country: string | null;
  userAgent: string | null;
  deadline?: number;
}): Promise<BlockAnswer> {
  const key = JSON.stringify([
    input.isAuth,
    input.url,
    input.country,
    input.userAgent,
  ]);
  return answers.get(key, () =>
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
    })
  );
}
