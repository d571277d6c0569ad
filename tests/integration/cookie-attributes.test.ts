import { describe, expect, it } from "vitest";
import { AGE_REMEMBER_S, COOKIES, type CookieDeclaration } from "~/lib/cookies.server";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks } from "../support/hooks";
import { siteStack } from "../support/suite";

// The Set-Cookie headers the built site really sends, attribute by attribute, against the
// declarations of app/lib/cookies.server.ts: a cookie that loses HttpOnly, SameSite, Path, Secure
// or its lifetime fails here, not only one that is missing. The test stack runs the site with
// NODE_ENV=production, where every cookie is Secure.
const stack = siteStack();
const h = hooks(() => stack.platformUrl);

interface Attributes {
  value: string;
  /** Lower-cased attribute names, with their values ("" for flags). */
  attrs: Map<string, string>;
}

function parse(header: string): Attributes {
  const [pair = "", ...rest] = header.split(";").map((p) => p.trim());
  const attrs = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf("=");
    attrs.set((eq < 0 ? part : part.slice(0, eq)).toLowerCase(), eq < 0 ? "" : part.slice(eq + 1));
  }
  return { value: pair.slice(pair.indexOf("=") + 1), attrs };
}

function sent(res: Response, name: string): Attributes {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) throw new Error(`no Set-Cookie for ${name}: ${res.headers.getSetCookie().join(" | ")}`);
  return parse(header);
}

/** How long the cookie was set to last, as the declaration or the caller states it. */
type Lifetime = { maxAge: number } | "session" | "expires" | "cleared";

function expectDeclared(cookie: Attributes, declaration: CookieDeclaration, lifetime: Lifetime) {
  const { attrs } = cookie;
  expect(attrs.has("httponly"), `${declaration.name}: HttpOnly`).toBe(true);
  expect(attrs.get("samesite")?.toLowerCase(), `${declaration.name}: SameSite`).toBe(declaration.sameSite);
  expect(attrs.get("path"), `${declaration.name}: Path`).toBe(declaration.path);
  expect(attrs.has("secure"), `${declaration.name}: Secure`).toBe(true);
  expect(attrs.has("domain"), `${declaration.name}: no Domain (host-only)`).toBe(false);
  if (lifetime === "session") {
    expect(attrs.has("max-age") || attrs.has("expires"), `${declaration.name}: a browser-session cookie`).toBe(false);
  } else if (lifetime === "expires") {
    expect(Date.parse(attrs.get("expires") ?? ""), `${declaration.name}: Expires in the future`).toBeGreaterThan(Date.now());
  } else if (lifetime === "cleared") {
    expect(attrs.get("max-age"), `${declaration.name}: cleared`).toBe("0");
    expect(cookie.value).toBe("");
  } else {
    expect(attrs.get("max-age"), `${declaration.name}: Max-Age`).toBe(String(lifetime.maxAge));
  }
}

const declared = (d: CookieDeclaration): Lifetime => (typeof d.lifetime === "number" ? { maxAge: d.lifetime } : d.lifetime === "session" ? "session" : "expires");

async function signIn(jar: CookieJar, email: string, extra: Record<string, string> = {}) {
  const { html } = await getPage(stack.siteUrl, "/en/login", jar);
  return postForm(stack.siteUrl, "/en/login", jar, { csrf: csrfToken(html), formType: "login_password", step: "credentials", uLogin: email, uPassword: "Secret123", ...extra });
}

const cases: Array<{ name: string; cookie: CookieDeclaration; lifetime?: Lifetime; answer: () => Promise<Response> }> = [
  { name: "the chosen language", cookie: COOKIES.language, answer: () => fetch(`${stack.siteUrl}/de`, { redirect: "manual" }) },
  { name: "the CSRF token of a form page", cookie: COOKIES.csrf, answer: () => fetch(`${stack.siteUrl}/en/login`, { redirect: "manual" }) },
  { name: "the target saved before sign-in", cookie: COOKIES.redirectUrl, answer: () => fetch(`${stack.siteUrl}/en/block-appeal-history`, { redirect: "manual" }) },
  {
    name: "the session token after a sign-in",
    cookie: COOKIES.userToken,
    answer: async () => {
      const email = `cookie-${Date.now().toString(36)}@example.com`;
      await h.createUser({ email, password: "Secret123" });
      return signIn(new CookieJar(), email, { save: "on" });
    },
  },
  {
    name: "the signed-in marker after a sign-in",
    cookie: COOKIES.ua,
    answer: async () => {
      const email = `cookie-ua-${Date.now().toString(36)}@example.com`;
      await h.createUser({ email, password: "Secret123" });
      return signIn(new CookieJar(), email);
    },
  },
  {
    name: "the session token cleared at logout",
    cookie: COOKIES.userToken,
    lifetime: "cleared",
    answer: async () => {
      const jar = new CookieJar();
      jar.set("user_token", (await h.createUser()).token);
      const { html } = await getPage(stack.siteUrl, "/en/logout", jar);
      return postForm(stack.siteUrl, "/en/logout", jar, { csrf: csrfToken(html), returnTo: "/en" });
    },
  },
  {
    name: "the age gate remembered for three days",
    cookie: COOKIES.ageConfirmed,
    lifetime: { maxAge: AGE_REMEMBER_S },
    answer: async () => {
      const jar = new CookieJar();
      const { html } = await getPage(stack.siteUrl, "/en/login", jar);
      return postForm(stack.siteUrl, "/en/age-gate", jar, { csrf: csrfToken(html), returnTo: "/en", remember: "1" });
    },
  },
  {
    name: "the age gate for the browser session",
    cookie: COOKIES.ageConfirmed,
    lifetime: "session",
    answer: async () => {
      const jar = new CookieJar();
      const { html } = await getPage(stack.siteUrl, "/en/login", jar);
      return postForm(stack.siteUrl, "/en/age-gate", jar, { csrf: csrfToken(html), returnTo: "/en" });
    },
  },
  {
    name: "the coupon settings of a bettor without JavaScript",
    cookie: COOKIES.couponSettings,
    answer: async () => {
      const jar = new CookieJar();
      const { html } = await getPage(stack.siteUrl, "/en/coupon", jar);
      return postForm(stack.siteUrl, "/en/coupon", jar, { csrf: csrfToken(html), intent: "settings", returnTo: "/en/coupon", changeCoefAction: "1", exactCoef: "1.90", isPossibleWinShown: "1" });
    },
  },
  {
    name: "a guest's display settings",
    cookie: COOKIES.display,
    answer: async () => {
      const jar = new CookieJar();
      const { html } = await getPage(stack.siteUrl, "/en/rules/1", jar);
      return postForm(stack.siteUrl, "/en/display-settings", jar, { csrf: csrfToken(html), returnTo: "/en/rules/1", odds: "american", view: "1", theme: "0" });
    },
  },
];

describe("the cookies the site sends carry their declared attributes", () => {
  it.each(cases)("$name", async ({ cookie, lifetime, answer }) => {
    const res = await answer();
    expect(res.status, await res.clone().text().then((t) => t.slice(0, 200))).toBeLessThan(400);
    expectDeclared(sent(res, cookie.name), cookie, lifetime ?? declared(cookie));
  });
});
