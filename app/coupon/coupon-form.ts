// The coupon's form without JavaScript (the coupon action, /{lng}/coupon): every button of the
// coupon and of the odds lists posts one of these intents. Server only (zod); the place form's
// schema is place-form.ts, the settings panel's settings-form.ts.
import { z } from "zod";
import { settingsFormSchema } from "./settings-form";

export const couponFormSchema = z.discriminatedUnion("intent", [
  // An odds button's value is "gameId:outcomeId": one form can then hold a whole list of games.
  z.object({
    intent: z.literal("add"),
    pick: z
      .string()
      .regex(/^\d{1,9}:\d{1,12}$/)
      .transform((pick) => {
        const [gameId, outcomeId] = pick.split(":") as [string, string];
        return { gameId: Number(gameId), outcomeId };
      }),
  }),
  z.object({ intent: z.literal("remove"), betId: z.string().min(1).max(128) }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("clear-cookie") }),
  z.object({ intent: z.literal("type"), typeId: z.enum(["0", "1", "2", "9"]).transform(Number) }),
  z.object({ intent: z.literal("system"), systemValue: z.string().regex(/^\d{1,2}$/).transform(Number) }),
  // The settings panel without JavaScript (with it the panel changes localStorage in place).
  settingsFormSchema,
]);
