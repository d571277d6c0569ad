// The sports pages' forms: multi-live's game picks and the feed route's query (the coupon's own
// forms are in app/coupon).
import { z } from "zod";

export const multiLiveForm = z.object({ intent: z.enum(["add", "remove"]), gameId: z.string().regex(/^\d{1,9}$/).transform(Number) });

const version = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .optional()
  .catch(undefined);
const idParam = z.string().regex(/^\d{1,9}$/).transform(Number).optional();
/** The feed route's query (/{lng}/sports-feed): one scope, and the version the page has. */
export const feedQuery = z.union([
  z.object({ game: z.string().regex(/^\d{1,9}$/).transform(Number), v: version }),
  z.object({ top: z.enum(["live", "line"]), v: version }),
  z.object({ section: z.enum(["live", "line"]), sport: idParam, champ: idParam, v: version }),
]);
