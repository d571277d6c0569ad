import type { CouponCurrency } from "./currency";
import type { OddsFormat } from "./odds-format";
import type { CookieCoupon, CouponConfig } from "./model";

/** What the server hands the coupon store on the first render (see CouponProvider). */
export interface CouponSeed {
  cookieCoupon: CookieCoupon | null;
  config: CouponConfig;
  /** The site currency's row of the table (app/coupon/currency-defaults.ts). */
  currency: CouponCurrency;
  oddsFormat: OddsFormat;
  isSignedIn: boolean;
}
