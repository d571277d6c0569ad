// Pure betting maths shared by the site (preview) and the platform (acceptance, settlement):
// no I/O, no Remix, no Hono, so the number a bettor is shown is the number the platform pays.
export * from "./decimal";
export * from "./coupon-math";
export * from "./status";
export * from "./settlement";
export * from "./change-coef";
export * from "./coupon-types";
export * from "./bonus-bet";
export * from "./vip-bet";
