// The exact decimal arithmetic moved to betting-math/ (shared with the platform); this module
// keeps the coupon's old import path working.
export * from "../../betting-math/decimal";
