// The pure checks of a form post (app/forms/action.server.ts runs them in order).

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Whether a Content-Type header names a body an HTML form sends. */
export function isFormMediaType(contentType: string | null): boolean {
  return FORM_TYPES.includes((contentType ?? "").split(";")[0]!.trim().toLowerCase());
}

/**
 * A NUL byte or U+FFFD in a name or a text value. Invalid UTF-8 (raw or percent-encoded)
 * decodes to U+FFFD, so this also catches bytes that were never text.
 */
export function hasBadCharacters(formData: FormData): boolean {
  for (const [name, value] of formData) {
    if (/[\u0000\uFFFD]/.test(name)) return true;
    if (typeof value === "string" && /[\u0000\uFFFD]/.test(value)) return true;
  }
  return false;
}

/**
 * Whether the Origin header names this site. A missing Origin and the opaque "null" (sent
 * under Referrer-Policy: no-referrer or from a sandboxed frame) name nothing: the CSRF token
 * decides. The site is the request's own origin or PUBLIC_ORIGIN (behind a proxy).
 */
export function originAllowed(origin: string | null, requestUrl: URL, publicOrigin: string | undefined, others: string[] = []): boolean {
  if (!origin || origin === "null") return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  const allowed = new Set([requestUrl.origin, ...others]);
  if (publicOrigin) allowed.add(new URL(publicOrigin).origin);
  return allowed.has(parsed.origin);
}

