import { z } from "zod";
import { pagingQuery } from "./kit";

/** VIP bets waiting for approval: a coupon's decision (SPEC §5, decision 035). */

export const decisionForm = z.object({ intent: z.enum(["approve", "reject"]), couponId: z.string().regex(/^\d{1,15}$/).transform(Number) });

export const vipListQuery = pagingQuery;
