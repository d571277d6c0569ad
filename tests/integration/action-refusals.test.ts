import { beforeAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/common.json";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks, untilSiteAnswers, upcomingMaintenance } from "../support/hooks";
import { callersIn, moneyServices, routeSources } from "../support/route-sources";
import { reconcileLedgerAfterEach, siteStack } from "../support/suite";

// Every form action of the site refuses bad input by itself (app/forms/action.server.ts): a JSON
// body, an empty body, a broken body, a foreign Origin, no Origin without a token, a bad token, an
// oversized body and a NUL byte each get a 4xx with a translated message, and change nothing. Each
// action is then posted once properly, to show that the state read would have seen a change.
//
// The money actions (route meta `money: true`: placing a bet, one-click placement, the coupon's
// forms, ops deciding a VIP bet) get every attack as a page would post it and as a fetcher (a
// single-fetch `.data` post), and fields their form refuses too; their state is the bettor's
// ledger accounts and coupons, read in the platform's database, which must not move. A route of
// the table that declares `money` without a case here, or reaches a money service without
// declaring it, fails the last tests of this file.
const stack = siteStack({ payments: true, siteEnv: { CONFIG_CACHE_SECONDS: "1" } });
const h = hooks(() => stack.platformUrl);
reconcileLedgerAfterEach(() => stack.platformUrl);

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
  /** The route of the table the form posts to (money routes must have a case). */
  route?: string;
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
  /** Fields the form's schema refuses (with the right proof): a 400 that changes nothing. */
  invalid?: (fields: Record<string, string>) => Record<string, string>;
  /**
   * A money action: every attack is also posted as a fetcher posts it (`.data`), and the proper
   * post is sent the way its form sends it (`data` for the one-click fetcher).
   */
  money?: { proper: "document" | "data" };
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

/** Read-only SQL in the platform's database (its /__test/sql hook). */
async function sql(query: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${stack.platformUrl}/__test/sql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sql: query }) });
  if (!res.ok) throw new Error(`/__test/sql: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { rows: Record<string, unknown>[] }).rows;
}

/** The bettor whose money the money case being run watches (set by its jar or its fields). */
let bettorId = 0;

/** Everything about a bettor's money: each ledger account's totals (pending holds too) and each coupon. */
async function moneyState() {
  if (!bettorId) throw new Error("no bettor to watch");
  return {
    accounts: await sql(`select id, debits_posted, credits_posted, debits_pending, credits_pending from ledger_account where user_id = ${bettorId} order by id`),
    coupons: await sql(`select id, state, amount, vip_decided_at from bet_coupon where user_id = ${bettorId} order by id`),
    payments: await sql(`select id, kind, status_id, amount from payment where user_id = ${bettorId} order by id`),
  };
}

/** A signed-in bettor with `deposit` minor units on the main account, watched by moneyState. */
async function bettor(deposit = 1_000_000) {
  const user = await player();
  await h.post("/__test/ledger/deposit", { userId: user.userId, amount: deposit });
  bettorId = user.userId;
  return user;
}
const bettorJar = async () => jarWith((await bettor()).token);

/** A line game of the bets hooks of its own (platform/apis/bets-test-hooks.ts), its home win at 2.10. */
async function homeWinBet(): Promise<string> {
  const game = (await h.post("/__test/bets/games", { status: 1 })) as { outcomes: Record<string, number> };
  return `${game.outcomes["1::1"]}:2.1:P`;
}
let placeKeys = 0;
const placeKey = () => `refusals-${Date.now().toString(36)}-${placeKeys++}`;
const placeFields = async () => ({ key: placeKey(), intent: "place", typeId: "0", amount: "10", changeCoefAction: "2", bets: await homeWinBet(), returnTo: "/en/coupon" });

/** A VIP coupon waiting for an ops decision: a new bettor's stake above the maximum, sent for approval. */
async function vipCoupon(): Promise<string> {
  const user = await bettor(100_000_000);
  const jar = jarWith(user.token);
  const proof = await siteToken(jar, "/en/coupon");
  const res = await postForm(stack.siteUrl, "/en/coupon/place", jar, { ...proof, ...(await placeFields()), amount: "150000", vipBet: "1" }, EN);
  const id = /^\/en\/coupon\/result\/(\d+)$/.exec(res.headers.get("location") ?? "")?.[1];
  if (res.status !== 302 || !id) throw new Error(`the VIP bet was not sent: ${res.status} ${res.headers.get("location")}`);
  return id;
}

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
  {
    name: "money: placing a bet (the coupon's place form)",
    route: "coupon-place",
    path: "/en/coupon/place",
    jar: bettorJar,
    proof: (jar) => siteToken(jar, "/en/coupon"),
    fields: placeFields,
    state: moneyState,
    invalid: (fields) => ({ ...fields, typeId: "7" }),
    money: { proper: "document" },
  },
  {
    // What OneClickPlacement.tsx sends (app/coupon/one-click.ts): one single, answered as data.
    name: "money: one-click placement",
    route: "coupon-place",
    path: "/en/coupon/place",
    jar: bettorJar,
    proof: (jar) => siteToken(jar, "/en"),
    fields: async () => ({ ...(await placeFields()), amount: "20", js: "1", returnTo: "/en" }),
    state: moneyState,
    invalid: (fields) => ({ ...fields, key: "short" }),
    money: { proper: "data" },
  },
  {
    name: "money: the coupon's forms",
    route: "coupon",
    path: "/en/coupon",
    jar: bettorJar,
    proof: (jar) => siteToken(jar, "/en/coupon"),
    fields: async () => ({ intent: "clear", returnTo: "/en/coupon" }),
    state: moneyState,
    cookie: "coupon",
    invalid: (fields) => ({ ...fields, intent: "place-everything" }),
    money: { proper: "document" },
  },
  // The office's payments (issue 34): a deposit opens a payment at the provider, a withdrawal
  // also reserves its amount; both answer with the provider's page.
  ...(
    [
      ["money: a deposit", "office-recharge", "/en/office/recharge"],
      ["money: a deposit (recharge/deposit)", "office-recharge-deposit", "/en/office/recharge/deposit"],
      ["money: a withdrawal", "office-deduce", "/en/office/deduce"],
    ] as const
  ).map(
    ([name, route, path]): Case => ({
      name,
      route,
      path,
      jar: bettorJar,
      proof: (jar) => siteToken(jar, path),
      fields: async () => ({ key: globalThis.crypto.randomUUID(), method: "card", amount: "500" }),
      state: moneyState,
      invalid: (fields) => ({ ...fields, method: "cheque" }),
      money: { proper: "document" },
    }),
  ),
  {
    name: "money: ops deciding a VIP bet",
    route: "ops-vip-bets",
    path: "/ops/vip-bets",
    jar: opsJar,
    // The queue shows its forms only once a coupon waits: the token of any ops page is the same.
    proof: (jar) => siteToken(jar, "/ops/blocks"),
    fields: async () => ({ couponId: await vipCoupon(), intent: "approve" }),
    state: moneyState,
    invalid: (fields) => ({ ...fields, intent: "approve-twice" }),
    money: { proper: "document" },
  },
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

type Send = (c: Case, jar: CookieJar, fields: Record<string, string>, proof: Record<string, string>, path: string) => ReturnType<typeof post>;

const attacks: Array<{ name: string; status: number; message: keyof typeof en.actions; send: Send }> = [
  {
    name: "a JSON body",
    status: 415,
    message: "unsupportedType",
    send: (c, jar, fields, proof, path) => post(path, jar, JSON.stringify({ ...fields, ...proof }), { "content-type": "application/json" }),
  },
  { name: "an empty body", status: 403, message: "badToken", send: (c, jar, fields, proof, path) => post(path, jar, "", FORM) },
  {
    // A multipart body cut off before its closing boundary: unreadable, never a 500.
    name: "a broken body",
    status: 400,
    message: "badBody",
    send: (c, jar, fields, proof, path) =>
      post(path, jar, `--cut\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${Object.values(proof)[0] ?? ""}`, { "content-type": "multipart/form-data; boundary=cut" }),
  },
  {
    name: "a foreign Origin",
    status: 403,
    message: "foreignOrigin",
    send: (c, jar, fields, proof, path) => post(path, jar, encode({ ...fields, ...proof }), { ...FORM, origin: FOREIGN }),
  },
  { name: "no Origin and no token", status: 403, message: "badToken", send: (c, jar, fields, proof, path) => post(path, jar, encode(fields), FORM) },
  {
    name: "a bad token",
    status: 403,
    message: "badToken",
    send: (c, jar, fields, proof, path) => post(path, jar, encode({ ...fields, ...spoiled(proof) }), FORM),
  },
  {
    name: "an oversized body",
    status: 413,
    message: "tooLarge",
    send: (c, jar, fields, proof, path) => post(path, jar, encode({ ...fields, ...proof, padding: "x".repeat((c.maxBytes ?? 64 * 1024) + 1) }), FORM),
  },
  {
    name: "a NUL byte",
    status: 400,
    message: "badCharacters",
    send: (c, jar, fields, proof, path) => post(path, jar, encode({ ...fields, ...proof, note: "before\u0000after" }), FORM),
  },
];

/** How a form is posted: as a page without JavaScript, or by a fetcher (single fetch's `.data`). */
const transports = (c: Case) => (c.money ? [c.path, `${c.path}.data`] : [c.path]);

describe.each(cases)("$name refuses bad input", (c) => {
  it("answers each attack with a translated 4xx and changes nothing, then takes the proper form", async () => {
    const jar = await c.jar();
    const proof = await c.proof(jar);
    const fields = await c.fields();
    const before = await c.state(jar);
    const noCookie = (res: Response, what: string) => {
      if (c.cookie) expect(res.headers.getSetCookie().some((s) => s.startsWith(`${c.cookie}=`)), what).toBe(false);
    };
    for (const path of transports(c)) {
      for (const attack of attacks) {
        const { res, text } = await attack.send(c, jar, fields, proof, path);
        expect(res.status, `${path}: ${attack.name}`).toBe(attack.status);
        expect(text, `${path}: ${attack.name}`).toContain(en.actions[attack.message]);
        noCookie(res, `${path}: ${attack.name}`);
      }
      if (c.invalid) {
        const { res } = await post(path, jar, encode({ ...c.invalid(fields), ...proof }), FORM);
        expect(res.status, `${path}: fields the form refuses`).toBe(400);
        noCookie(res, `${path}: fields the form refuses`);
      }
    }
    expect(await c.state(jar), `${c.name}: state after the attacks`).toEqual(before);

    // The same fields with the right proof and no attack go through: the state read sees it.
    const { res, text } = await post(c.money?.proper === "data" ? `${c.path}.data` : c.path, jar, encode({ ...fields, ...proof }), FORM);
    expect(res.status, `${c.name}: the proper post (${text.slice(0, 300)})`).toBeLessThan(c.money ? 400 : 500);
    if (c.cookie) expect(res.headers.getSetCookie().some((s) => s.startsWith(`${c.cookie}=`)), `${c.name}: cookie of the proper post`).toBe(true);
    else expect(await c.state(jar), `${c.name}: state after the proper post`).not.toEqual(before);
  });
});

describe("every money action is in the matrix", () => {
  it("the services that move money are marked @money", () => {
    expect(moneyServices()).toEqual(expect.arrayContaining(["placeCoupon", "decideVipCoupon", "startPayment"]));
  });

  it("a route whose action reaches a money service declares money: true in the route table", () => {
    const undeclared = routeSources.filter((r) => !r.money && callersIn(r, moneyServices()).length > 0).map((r) => `${r.id} (${callersIn(r, moneyServices()).join(", ")})`);
    expect(undeclared, "routes that move money without `money: true` in app/route-table.mjs").toEqual([]);
  });

  it("every route declared money has its cases above, posted as a page and as a fetcher, with fields the form refuses", () => {
    const missing = routeSources
      .filter((r) => r.money)
      .filter((r) => !cases.some((c) => c.route === r.id && c.path === r.path && c.money && c.invalid))
      .map((r) => `${r.id} (${r.path})`);
    expect(missing, "money routes without a case in this file's matrix").toEqual([]);
    // The one-click placement is the place route posted by a fetcher, with its own fields.
    expect(cases.filter((c) => c.route === "coupon-place").map((c) => c.money?.proper).sort()).toEqual(["data", "document"]);
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
