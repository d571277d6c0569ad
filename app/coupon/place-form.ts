// The place form as the place action reads it (issue 14; the fields are written by place.ts and
// one-click.ts in the browser). Kept apart from place.ts so zod stays out of the first load.

import { z } from "zod";
import type { ChangeCoefAction } from "./constants";
import { parseExactCoef } from "./exact-coef";
import { type CouponSettings, defaultCouponSettings } from "./model";

/** "1" on, "0" off; absent: the bettor's kept setting (see placeSettings). */
const onOff = z
  .enum(["0", "1"])
  .optional()
  .transform((value) => value === "1");

/**
 * The exact coefficient as a form posts it: empty is none; anything else must be one the platform
 * takes. The place form and the settings form both read it.
 */
export const exactCoefFieldSchema = z
  .string()
  .max(32)
  .optional()
  .transform((text, ctx) => {
    const value = parseExactCoef(text ?? "");
    if (value === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "coupon.settings.errors.exactCoef" });
      return z.NEVER;
    }
    return value;
  });

const placeKey = z.string().regex(/^[A-Za-z0-9-]{8,128}$/);

/** The place page's check of a placement by its key (issue 37): `?key=`. */
export const placementCheckQuery = z.object({ key: placeKey });

export const placeFormSchema = z.object({
  key: placeKey,
  intent: z.enum(["place", "max"]).default("place"),
  typeId: z.enum(["0", "1", "2", "9"]).transform(Number),
  systemValue: z.string().regex(/^\d{1,2}$/).transform(Number).optional(),
  amount: z.string().max(32),
  changeCoefAction: z.enum(["0", "1", "2"]).default("2").transform((v) => Number(v) as ChangeCoefAction),
  /** The least combined coefficient accepted (SPEC §3 exactCoef); empty: none. */
  exactCoef: exactCoefFieldSchema,
  /** A live bet is refused when the score changes during its delay (SPEC §3 isDropOnScoreChange). */
  dropOnScoreChange: onOff,
  bets: z.string().max(2000),
  /** The coupon offered the bonus bet and the bettor kept it (SPEC §4, decision 034). */
  bonusBet: z.literal("1").optional(),
  /** Sent as a VIP bet: above the maximum it waits for approval (SPEC §5, decision 035). */
  vipBet: onOff,
  /** The promo code typed in the coupon (SPEC §5); the platform checks it. */
  promoCode: z.string().trim().max(32).optional(),
  /** Set by the browser after hydration: answer data instead of redirecting. */
  js: z.literal("1").optional(),
  /** The page to go back to, of any length: a long one falls back to the coupon (safeReturnPath), it never refuses the bet. */
  returnTo: z.string().optional(),
});
export type PlaceForm = z.output<typeof placeFormSchema>;

/** The coupon settings that change what the platform does with a placed bet. */
export type PlaceSettings = Pick<CouponSettings, "changeCoefAction" | "exactCoef" | "isDropOnScoreChange" | "isVipBet">;

/**
 * The settings a placement is sent with. The browser (js=1) sends all of them with every
 * placement, from the settings it keeps; a form without JavaScript carries none, and they come
 * from the bettor's coupon-settings cookie (`kept`). A field the form does carry wins either way:
 * a refusal's offer sends the placement again with the settings it was sent with.
 */
export function placeSettings(form: PlaceForm, carries: (field: string) => boolean, kept: CouponSettings | null): PlaceSettings {
  const fallback = form.js || !kept ? defaultCouponSettings() : kept;
  return {
    changeCoefAction: carries("changeCoefAction") ? form.changeCoefAction : fallback.changeCoefAction,
    exactCoef: carries("exactCoef") ? form.exactCoef : fallback.exactCoef,
    isDropOnScoreChange: carries("dropOnScoreChange") ? form.dropOnScoreChange : fallback.isDropOnScoreChange,
    isVipBet: carries("vipBet") ? form.vipBet : fallback.isVipBet,
  };
}
