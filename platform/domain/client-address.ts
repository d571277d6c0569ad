import { isIP } from "node:net";

/**
 * A client address as rate limits key it: a valid IPv4 or IPv6 address, with IPv4-mapped IPv6
 * ("::ffff:1.2.3.4") written as plain IPv4 so one visitor has one key. Null when not an address.
 */
export function normaliseAddress(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  const kind = isIP(value);
  if (kind === 4) return value;
  if (kind === 6) return value.toLowerCase();
  return null;
}
