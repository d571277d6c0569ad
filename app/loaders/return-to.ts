/**
 * A return URL is followed only when it is a path of this site: it must start with one "/",
 * not "//" or "/\" (which browsers treat as another host), and stay on our origin when
 * resolved. Anything else gives the fallback.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const base = "http://site.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
