import { describe, expect, it } from "vitest";
import { normaliseAddress } from "./client-address.ts";

describe("normaliseAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:DB8::1", "2001:db8::1"],
    ["::1", "::1"],
    // Only the whole "::ffff:" form is IPv4: another IPv6 address ending in an IPv4 part stays IPv6.
    ["1::FFFF:1.2.3.4", "1::ffff:1.2.3.4"],
  ])("keeps %s as %s", (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });

  it.each([[""], ["   "], ["localhost"], ["1.2.3.4, 5.6.7.8"], ["999.1.1.1"], ["::ffff:999.1.1.1"], ["::ffff:1.2.3.4/24"], ["x::ffff:1.2.3.4"], [null], [undefined]])("refuses %s", (raw) => {
    expect(normaliseAddress(raw)).toBeNull();
  });
});
