import { beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/common.json";
import { CookieJar, csrfToken, getPage } from "../support/forms";
import { hooks, untilSiteAnswers, upcomingMaintenance } from "../support/hooks";
import { siteStack } from "../support/suite";

// Every form action of the site refuses bad input by itself (app/forms/action.server.ts): a JSON
// body, an empty body, a foreign Origin, no Origin without a token, a bad token, an oversized
// body and a NUL byte each get a 4xx with a translated message, and change nothing. Each action
// is then posted once properly, to show that the state read would have seen a change.
const stack = siteStack({ siteEnv: { CONFIG_CACHE_SECONDS: "1" } });
const h = hooks(() => stack.platformUrl);

const EN = { "accept-language": "en" };
const FOREIGN = "https://evil.example";

beforeAll(async () => {
  // A maintenance notice window, so closing the notice has something to remember.
  await h.setConfig("maintenance", upcomingMaintenance());
  await untilSiteAnswers(stack.siteUrl, "/en/rules/1", ({ body }) => body.includes("Planned maintenance."));
});

/** Calls to one platform path exactly (the hit counter sums a prefix, sub-paths included). */
async function exactHits(path: string): Promise<number> {
  return (await h.hits(path)) - (await h.hits(`${path}/`));
}

/** The number of changes in the ops audit log: every admin write adds one. */
async function auditCount(jar: CookieJar): Promise<number> {
  const { html } = await getPage(stack.siteUrl, "/ops/audit", jar, EN);
  const count = /(\d+) changes?</.exec(html)?.[1];
  if (count === undefined) throw new Error("no change count on /ops/audit");
  return Number(count);
}

function jarWith(token: string | null): CookieJar {
  const jar = new CookieJar();
  if (token) jar.set("user_token", token);
  return jar;
}

/** The site's CSRF proof for a jar: the token of a page that renders a form. */
async function siteToken(jar: CookieJar, page: string): Promise<Record<string, string>> {
  const { html } = await getPage(stack.siteUrl, page, jar, EN);
  return { csrf: csrfToken(html) };
}

interface Case {
  name: string;
  /** Where the form posts. */
  path: string;
  /** A fresh cookie jar with the session the action needs. */
  jar: () => Promise<CookieJar>;
  /** The fields that prove the form is ours (the CSRF token, or the provider's double submit). */
  proof: (jar: CookieJar) => Promise<Record<string, string>>;
  /** Fields that would change something if the post were accepted. */
  fields: () => Promise<Record<string, string>>;
  /** The state a success would change: the platform's record of it, or a cookie it sets. */
  state: (jar: CookieJar) => Promise<unknown>;
  /** A cookie only a successful post sets. */
  cookie?: string;
  maxBytes?: number;
}

const player = async (extra: Parameters<ReturnType<typeof hooks>["createUser"]>[0] = {}) => {
  const email = `refusals-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await h.createUser({ email, password: "Secret123", termsAccepted: true, ...extra });
  return { ...user, email };
};

const opsJar = async () => jarWith((await player({ roles: ["player", "ops"] })).token);
const opsCase = (name: string, path: string, fields: () => Promise<Record<string, string>>, maxBytes?: number): Case => ({
  name,
  path,
  jar: opsJar,
  proof: (jar) => siteToken(jar, path === "/ops/redirects/new" ? path : "/ops/blocks"),
  fields,
  state: auditCount,
  maxBytes,
});

const cases: Case[] = [
  {
    name: "login",
    path: "/en/login",
    jar: async () => new CookieJar(),
    proof: (jar) => siteToken(jar, "/en/login"),
    fields: async () => {
      const { email } = await player();
      return { formType: "login_password", step: "credentials", uLogin: email, uPassword: "Secret123" };
    },
    state: () => exactHits("/web-api/auth/login"),
    cookie: "user_token",
  },
  {
    name: "registration",
    path: "/en/registration",
    jar: async () => new CookieJar(),
    proof: (jar) => siteToken(jar, "/en/registration"),
    fields: async () => ({
      email: `reg-${Date.now().toString(36)}@example.com`,
      password: "Secret123",
      currency: "EUR",
      country_code: "DE",
      bonus_choice: "1",
      terms: "on",
    }),
    state: () => exactHits("/web-api/registration"),
    cookie: "user_token",
  },
  {
    name: "age gate",
    path: "/en/age-gate",
    jar: async () => new CookieJar(),
    proof: (jar) => siteToken(jar, "/en/login"),
    fields: async () => ({ returnTo: "/en", remember: "1" }),
    state: async () => null,
    cookie: "age_confirmed",
  },
  {
    name: "closing the maintenance notice",
    path: "/en/notice/maintenance",
    jar: async () => new CookieJar(),
    proof: (jar) => siteToken(jar, "/en/login"),
    fields: async () => ({ returnTo: "/en" }),
    state: async () => null,
    cookie: "maintenance_notice_closed",
  },
  {
    name: "confirming changed terms",
    path: "/en/confirm-terms",
    jar: async () => jarWith((await player({ termsAccepted: false })).token),
    proof: (jar) => siteToken(jar, "/en/confirm-terms"),
    fields: async () => ({}),
    state: () => exactHits("/web-api/api-v3/v2/user/agreement-rules/accept"),
  },
  {
    name: "logout",
    path: "/en/logout",
    jar: async () => jarWith((await player()).token),
    proof: (jar) => siteToken(jar, "/en/logout"),
    fields: async () => ({ returnTo: "/en" }),
    state: () => exactHits("/web-api/auth/logout"),
  },
  {
    name: "a block appeal",
    path: "/en/block-appeal-history",
    jar: async () => jarWith((await player({ ban_level: 1 })).token),
    proof: (jar) => siteToken(jar, "/en/block-appeal-history"),
    fields: async () => ({ message: "Please look at my account again, I did nothing wrong." }),
    state: async (jar) => ((await getPage(stack.siteUrl, "/en/block-appeal-history", jar, EN)).html.match(/class="appeal__message"/g) ?? []).length,
  },
  {
    name: "stopping the newsletter",
    path: "/en/user/stopnewsletter",
    jar: async () => new CookieJar(),
    proof: (jar) => siteToken(jar, "/en/login"),
    fields: async () => {
      const email = `news-${Date.now().toString(36)}@example.com`;
      const res = await fetch(`${stack.platformUrl}/__test/newsletter-token?email=${encodeURIComponent(email)}`);
      const { token } = (await res.json()) as { token: string };
      return { email, token };
    },
    state: () => exactHits("/web-api/user/stop-newsletter"),
  },
  {
    name: "password reset",
    path: "/en/user/passwordreset",
    jar: async () => new CookieJar(),
    proof: (jar) => siteToken(jar, "/en/user/passwordreset"),
    fields: async () => ({ intent: "forgot", login: (await player()).email }),
    state: () => exactHits("/web-api/user/password/forgot"),
  },
  {
    name: "activation (user/activate)",
    path: "/en/user/activate",
    jar: async () => jarWith((await player()).token),
    proof: (jar) => siteToken(jar, "/en/user/activate"),
    fields: async () => ({ intent: "resend", type: "email" }),
    state: () => exactHits("/web-api/user/activate/resend"),
  },
  {
    name: "activation (user/accountverify)",
    path: "/en/user/accountverify",
    jar: async () => jarWith((await player()).token),
    proof: (jar) => siteToken(jar, "/en/user/activate"),
    fields: async () => ({ intent: "resend", type: "email" }),
    state: () => exactHits("/web-api/user/activate/resend"),
  },
  {
    name: "one-tap sign-in",
    path: "/en/login/google-one-tap",
    jar: async () => {
      const jar = new CookieJar();
      jar.set("g_csrf_token", "one-tap-refusals-0123");
      return jar;
    },
    proof: async () => ({ g_csrf_token: "one-tap-refusals-0123" }),
    fields: async () => ({ credential: "c".repeat(64) }),
    state: () => exactHits("/social-api/oauth/google-one-tap"),
  },
  opsCase("ops: switching a redirect rule", "/ops/redirects", async () => {
    const { id } = await h.addRedirectRule({ source: `/refusals-${Date.now().toString(36)}`, target: "/rules/1", code: 301, active: true });
    return { id: String(id), active: "false", back: "/ops/redirects" };
  }),
  opsCase("ops: a new redirect rule", "/ops/redirects/new", async () => ({
    intent: "save",
    source: `/refusals-new-${Date.now().toString(36)}`,
    target: "/rules/1",
    code: "301",
    priority: "0",
    active: "on",
  })),
  opsCase("ops: a new block rule", "/ops/blocks", async () => ({
    intent: "create",
    kind: "path",
    pattern: `/refusals-${Date.now().toString(36)}`,
    reason: "4",
    appliesTo: "all",
    priority: "0",
  })),
  opsCase("ops: a switch", "/ops/switches", async () => ({ intent: "urlsToRedirectTo404", paths: `/refusals-${Date.now().toString(36)}` })),
  opsCase(
    "ops: an import",
    "/ops/transfer",
    async () => ({ json: JSON.stringify({ rules: [{ source: `/refusals-import-${Date.now().toString(36)}`, target: "/rules/2", code: 301 }] }), mode: "append" }),
    2_000_000 * 4 + 64 * 1024,
  ),
];

async function post(path: string, jar: CookieJar, body: string, headers: Record<string, string>) {
  const res = await fetch(`${stack.siteUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), accept: "text/html", ...EN, ...headers },
    body,
  });
  return { res, text: await res.text() };
}
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A token that looks right but is not: the last characters changed. */
const spoiled = (proof: Record<string, string>) =>
  Object.fromEntries(Object.entries(proof).map(([k, v]) => [k, `${v.slice(0, -4)}${v.endsWith("AAAA") ? "BBBB" : "AAAA"}`]));

const attacks: Array<{
  name: string;
  status: number;
  message: keyof typeof en.actions;
  send: (c: Case, jar: CookieJar, fields: Record<string, string>, proof: Record<string, string>) => ReturnType<typeof post>;
}> = [
  {
    name: "a JSON body",
    status: 415,
    message: "unsupportedType",
    send: (c, jar, fields, proof) => post(c.path, jar, JSON.stringify({ ...fields, ...proof }), { "content-type": "application/json" }),
  },
  { name: "an empty body", status: 403, message: "badToken", send: (c, jar) => post(c.path, jar, "", FORM) },
  {
    name: "a foreign Origin",
    status: 403,
    message: "foreignOrigin",
    send: (c, jar, fields, proof) => post(c.path, jar, encode({ ...fields, ...proof }), { ...FORM, origin: FOREIGN }),
  },
  { name: "no Origin and no token", status: 403, message: "badToken", send: (c, jar, fields) => post(c.path, jar, encode(fields), FORM) },
  {
    name: "a bad token",
    status: 403,
    message: "badToken",
    send: (c, jar, fields, proof) => post(c.path, jar, encode({ ...fields, ...spoiled(proof) }), FORM),
  },
  {
    name: "an oversized body",
    status: 413,
    message: "tooLarge",
    send: (c, jar, fields, proof) => post(c.path, jar, encode({ ...fields, ...proof, padding: "x".repeat((c.maxBytes ?? 64 * 1024) + 1) }), FORM),
  },
  {
    name: "a NUL byte",
    status: 400,
    message: "badCharacters",
    send: (c, jar, fields, proof) => post(c.path, jar, encode({ ...fields, ...proof, note: "before\u0000after" }), FORM),
  },
];

describe.each(cases)("$name refuses bad input", (c) => {
  it("answers each attack with a translated 4xx and changes nothing, then takes the proper form", async () => {
    const jar = await c.jar();
    const proof = await c.proof(jar);
    const fields = await c.fields();
    const before = await c.state(jar);
    for (const attack of attacks) {
      const { res, text } = await attack.send(c, jar, fields, proof);
      expect(res.status, `${c.name}: ${attack.name}`).toBe(attack.status);
      expect(text, `${c.name}: ${attack.name}`).toContain(en.actions[attack.message]);
      if (c.cookie) expect(res.headers.getSetCookie().some((s) => s.startsWith(`${c.cookie}=`)), `${c.name}: ${attack.name}`).toBe(false);
    }
    expect(await c.state(jar), `${c.name}: state after the attacks`).toEqual(before);

    // The same fields with the right proof and no attack go through: the state read sees it.
    const { res } = await post(c.path, jar, encode({ ...fields, ...proof }), FORM);
    expect(res.status, `${c.name}: the proper post`).toBeLessThan(500);
    if (c.cookie) expect(res.headers.getSetCookie().some((s) => s.startsWith(`${c.cookie}=`)), `${c.name}: cookie of the proper post`).toBe(true);
    else expect(await c.state(jar), `${c.name}: state after the proper post`).not.toEqual(before);
  });
});

describe("Origin: null, as Chromium sends under Referrer-Policy: no-referrer", () => {
  it("falls through to the CSRF token: refused without it, accepted with it", async () => {
    const jar = new CookieJar();
    const proof = await siteToken(jar, "/en/login");
    const without = await post("/en/age-gate", jar, encode({ returnTo: "/en" }), { ...FORM, origin: "null" });
    expect(without.res.status).toBe(403);
    expect(without.text).toContain(en.actions.badToken);
    const withToken = await post("/en/age-gate", jar, encode({ returnTo: "/en", ...proof }), { ...FORM, origin: "null" });
    expect(withToken.res.status).toBe(302);
    const login = await post("/en/login", jar, encode({ formType: "login_password", step: "credentials", uLogin: "nobody@example.com", uPassword: "x", ...proof }), {
      ...FORM,
      origin: "null",
    });
    // Past the runtime's Origin check and the token: the platform's answer, not a refusal.
    expect(login.res.status).toBe(400);
    expect(login.text).toContain(en.authErrors.wrongCredentials);
  });

  it("the social-login page sends no Referrer-Policy that would make its forms post Origin: null", async () => {
    const res = await fetch(`${stack.siteUrl}/en/login/social?login=x&pass=y`, { redirect: "manual", headers: EN });
    expect(res.headers.get("referrer-policy")).not.toBe("no-referrer");
  });
});
