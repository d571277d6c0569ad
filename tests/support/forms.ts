// Posting the site's forms over plain HTTP, as a browser without JavaScript would.

/** A cookie jar of name=value pairs, fed from Set-Cookie headers. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export function csrfToken(html: string): string {
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("no CSRF token in the page");
  return token;
}

/** GET a page with the jar's cookies, keeping what it sets. */
export async function getPage(base: string, path: string, jar: CookieJar, headers: Record<string, string> = {}) {
  const res = jar.take(await fetch(`${base}${path}`, { headers: { cookie: jar.header(), ...headers }, redirect: "manual" }));
  return { res, html: await res.text() };
}

/** POST a form (urlencoded) with the jar's cookies, keeping what it sets. */
export async function postForm(base: string, path: string, jar: CookieJar, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return jar.take(
    await fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded", accept: "text/html", ...headers },
      body: new URLSearchParams(fields),
    }),
  );
}

/** The double-submit token a one-tap post carries in its cookie and its body (any value: the two must match). */
export const ONE_TAP_CSRF = "one-tap-csrf-0123";

/**
 * Posts a one-tap credential to the site as Google's prompt does: the g_csrf_token cookie set in
 * the jar and the same token in the body. Answers the site's redirect to the social result link.
 */
export function postOneTap(base: string, jar: CookieJar, credential: string, headers: Record<string, string> = {}) {
  jar.set("g_csrf_token", ONE_TAP_CSRF);
  return postForm(base, "/en/login/google-one-tap", jar, { credential, g_csrf_token: ONE_TAP_CSRF }, headers);
}
