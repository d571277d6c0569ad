// The zod parsers of what the coupon keeps in the browser's storage (SPEC §3). A separate module
// so the browser loads zod after hydration, when the coupon first reads storage, and not with the
// page (use-coupon-storage.ts imports it dynamically).

import type { z } from "zod";
import type { CouponStorageParsers } from "./store";
import { couponNotificationRecordSchema, couponSettingsSchema, storedCouponSchema } from "./schemas";

function parserOf<Schema extends z.ZodTypeAny>(schema: Schema): (value: unknown) => z.output<Schema> | null {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as z.output<Schema>) : null;
  };
}

export const couponStorageParsers: CouponStorageParsers = {
  storedCoupon: parserOf(storedCouponSchema),
  settings: parserOf(couponSettingsSchema),
  notificationRecord: parserOf(couponNotificationRecordSchema),
};
