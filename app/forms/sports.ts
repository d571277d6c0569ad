// The sports pages' forms: multi-live's game picks (the coupon's own form is in app/coupon).
import { z } from "zod";

export const multiLiveForm = z.object({ intent: z.enum(["add", "remove"]), gameId: z.string().regex(/^\d{1,9}$/).transform(Number) });
