// The bet history's filters (SPEC §2 office/history): a GET form, whose bad values read as their
// default so any link still shows the history.
import { z } from "zod";

export const HISTORY_PERIODS = { day: 1, week: 7, month: 30, year: 365, all: 0 } as const;
export const HISTORY_STATUSES = ["all", "waiting", "approval", "open", "won", "lost", "returned", "refused"] as const;
export const HISTORY_TYPES = ["all", "0", "1", "2", "9"] as const;

export const historyFilters = z.object({
  period: z.enum(Object.keys(HISTORY_PERIODS) as [keyof typeof HISTORY_PERIODS, ...(keyof typeof HISTORY_PERIODS)[]]).catch("month"),
  status: z.enum(HISTORY_STATUSES).catch("all"),
  type: z.enum(HISTORY_TYPES).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
