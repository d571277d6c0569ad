import type { OddsFormat } from "./math";
import type { CookieCoupon, CouponConfig } from "./model";

/** What the server hands the coupon store on the first render (see CouponProvider). */
export interface CouponSeed {
  cookieCoupon: CookieCoupon | null;
  config: CouponConfig;
  currencyIso: string;
  oddsFormat: OddsFormat;
  isSignedIn: boolean;
}
