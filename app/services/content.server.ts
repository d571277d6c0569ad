import { z } from "zod";
import { callUpstream, UpstreamError } from "./http.server";

const rulesSchema = z.object({
  group: z.number().int(),
  lang: z.string(),
  title: z.string(),
  chapters: z.array(z.object({ id: z.number().int(), title: z.string(), body: z.string() })),
  groups: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type RulesGroup = z.infer<typeof rulesSchema>;

/** GET /bff-api/rules/:group: one group of the betting rules; null when it does not exist. */
export async function getRules(group: number, lang: string, signal?: AbortSignal): Promise<RulesGroup | null> {
  try {
    return await callUpstream({
      upstream: "bff",
      path: `/bff-api/rules/${group}`,
      query: { lang },
      schema: rulesSchema,
      retry: { times: 2, delayMs: 300 },
      signal,
    });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}
