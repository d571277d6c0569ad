// The server renders the filled coupon in place (in-place-on-server.tsx says why); the browser build
// empties this module, so its bundle reaches CouponSlip only through the lazy import.
export { CouponSlip } from "./CouponSlip";
