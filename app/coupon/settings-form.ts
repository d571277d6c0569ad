// The coupon settings panel as a form without JavaScript (intent "settings" of the coupon action):
// its fields, and the settings they make. With JavaScript the same panel changes the settings
// atom in place and localStorage keeps them; without it this form posts them and the
// coupon-settings cookie keeps them. Server only (zod).

import { z } from "zod";
import type { CouponSettings } from "./model";
import { exactCoefFieldSchema } from "./place-form";
import { setExactCoef } from "./rules";

/** A ticked checkbox posts "1"; an unticked one posts nothing. */
const flag = z
  .literal("1")
  .optional()
  .transform((value) => value === "1");

/** The settings a bettor can change without JavaScript; one-click and the stake step need it. */
export const SETTINGS_FORM_FLAGS = ["isDropOnScoreChange", "isAutoMax", "isVipBet", "isBalanceShown", "isPossibleWinShown"] as const;

export const settingsFormSchema = z.object({
  intent: z.literal("settings"),
  changeCoefAction: z.enum(["0", "1", "2"]).transform((value) => Number(value) as CouponSettings["changeCoefAction"]),
  exactCoef: exactCoefFieldSchema,
  isDropOnScoreChange: flag,
  isAutoMax: flag,
  isVipBet: flag,
  isBalanceShown: flag,
  isPossibleWinShown: flag,
});
export type SettingsForm = z.output<typeof settingsFormSchema>;

/**
 * The settings after the form: its fields replace theirs, the others (one-click, the stake step)
 * stay. Clearing the exact coefficient turns drop-on-score-change off (SPEC §4), as in the
 * browser; the coupon's coefficient only decides whether one-click goes off with a lower exact
 * coefficient, and one-click is never on where this form is used.
 */
export function applySettingsForm(previous: CouponSettings, form: SettingsForm, currentCoef = 0): CouponSettings {
  const next: CouponSettings = {
    ...previous,
    changeCoefAction: form.changeCoefAction,
    isDropOnScoreChange: form.isDropOnScoreChange,
    isAutoMax: form.isAutoMax,
    isVipBet: form.isVipBet,
    isBalanceShown: form.isBalanceShown,
    isPossibleWinShown: form.isPossibleWinShown,
  };
  return form.exactCoef === previous.exactCoef ? next : setExactCoef(next, form.exactCoef, currentCoef);
}
