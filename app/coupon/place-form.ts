// The place form as the place action reads it (issue 14; the fields are written by place.ts and
// one-click.ts in the browser). Kept apart from place.ts so zod stays out of the first load.

import { z } from "zod";
import type { ChangeCoefAction } from "./constants";

export const placeFormSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9-]{8,128}$/),
  intent: z.enum(["place", "max"]).default("place"),
  typeId: z.enum(["0", "1", "2", "9"]).transform(Number),
  systemValue: z.string().regex(/^\d{1,2}$/).transform(Number).optional(),
  amount: z.string().max(32),
  changeCoefAction: z.enum(["0", "1", "2"]).default("2").transform((v) => Number(v) as ChangeCoefAction),
  bets: z.string().max(2000),
  /** The coupon offered the bonus bet and the bettor kept it (SPEC §4, decision 034). */
  bonusBet: z.literal("1").optional(),
  /** Sent as a VIP bet: above the maximum it waits for approval (SPEC §5, decision 035). */
  vipBet: z.literal("1").optional(),
  /** Set by the browser after hydration: answer data instead of redirecting. */
  js: z.literal("1").optional(),
  /** The page to go back to, of any length: a long one falls back to the coupon (safeReturnPath), it never refuses the bet. */
  returnTo: z.string().optional(),
});
export type PlaceForm = z.output<typeof placeFormSchema>;
