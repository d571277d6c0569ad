import { z } from "zod";
import { BLOCK_CHECK_RETRY } from "~/constants";
import { callUpstream } from "./http.server";

const blockAnswerSchema = z.object({
  displayTypeId: z.number().int().nullable(),
  templateTypeId: z.number().int().nullable(),
});
export type BlockAnswer = z.infer<typeof blockAnswerSchema>;

/** POST /blocks-api/api/v2/block: is this visitor blocked here, and why (displayTypeId). */
export function blockCheck(input: {
  isAuth: boolean;
  url: string;
  country: string | null;
  userAgent: string | null;
  signal?: AbortSignal;
  deadline?: number;
}): Promise<BlockAnswer> {
  return callUpstream({
    upstream: "blocks",
    path: "/blocks-api/api/v2/block",
    method: "POST",
    json: { isAuth: input.isAuth, url: input.url },
    headers: { "x-country-code": input.country ?? undefined, "x-client-user-agent": input.userAgent ?? undefined },
    schema: blockAnswerSchema,
    retry: BLOCK_CHECK_RETRY,
    signal: input.signal,
    deadline: input.deadline,
  });
}
