import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";

// Issue 11, accessibility: a form refused without JavaScript comes back with focus on its first
// invalid field (the one element of the page with `autofocus`), that field marked invalid and
// tied to its message. Every form of the site with field errors, posted as a browser without
// JavaScript posts it, over HTTP against the built site and the real platform.

let stack: Stack;
let h: ReturnType<typeof hooks>;
let ip = 10;
const IP_HEADER = "x-test-client-ip";
const EN = { "accept-language": "en" };

beforeAll(async () => {
  stack = await startStack({ siteEnv: { TRUSTED_CLIENT_IP_HEADER: IP_HEADER } });
  h = hooks(stack.platformUrl);
});
afterAll(async () => {
  await stack?.stop();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A browser without JavaScript, on an address of its own (the platform limits per address). */
function browser(token?: string) {
  const jar = new CookieJar();
  if (token) jar.set("user_token", token);
  const headers = { ...EN, [IP_HEADER]: `203.0.113.${ip++}` };
  return {
    jar,
    get: (path: string) => getPage(stack.siteUrl, path, jar, headers),
    /** GETs `formPage` for its CSRF token, then posts the form to `path`. */
    async submit(path: string, fields: Record<string, string>, formPage = path) {
      const { html } = await getPage(stack.siteUrl, formPage, jar, headers);
      const res = await postForm(stack.siteUrl, path, jar, { csrf: csrfToken(html), ...fields }, headers);
      return { res, html: await res.text() };
    },
  };
}

/** Every start tag of the page that carries autofocus. */
const autofocused = (html: string) => [...html.matchAll(/<[a-z]+\b[^>]*?\sautofocus(?:="")?[\s/>][^>]*>?/g)].map((m) => m[0]);
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * The page has exactly one autofocus, on the control named `name` (inside the form `formId`
 * when given), marked invalid and described by elements that exist.
 */
function expectFocusOn(html: string, name: string, formId?: string) {
  const tags = autofocused(html);
  expect(tags, "exactly one element has autofocus").toHaveLength(1);
  const tag = tags[0]!;
  expect(attribute(tag, "name"), tag).toBe(name);
  expect(tag).toContain('aria-invalid="true"');
  if (formId) expect(attribute(tag, "id") ?? "", tag).toContain(formId);
  const describedBy = attribute(tag, "aria-describedby");
  expect(describedBy, "tied to its message").toBeTruthy();
  for (const id of describedBy!.split(" ")) expect(html, `aria-describedby → #${id}`).toContain(`id="${id}"`);
}

describe("login, every method", () => {
  const login = (fields: Record<string, string>, form: string) =>
    browser().submit("/en/login", { returnTo: "", ...fields }, `/en/login?form=${form}`);

  it("login and password: the login when both are empty, the password when only it is", async () => {
    const both = await login({ formType: "login_password", step: "credentials", uLogin: "", uPassword: "" }, "login_password");
    expect(both.res.status).toBe(400);
    expectFocusOn(both.html, "uLogin");
    const password = await login({ formType: "login_password", step: "credentials", uLogin: "someone@example.com", uPassword: "" }, "login_password");
    expect(password.res.status).toBe(400);
    expectFocusOn(password.html, "uPassword");
  });

  it("phone and password: the phone number before the password", async () => {
    const { res, html } = await login({ formType: "phone_password", step: "phone", phone_code: "7", phone_number: "12", uPassword: "" }, "phone_password");
    expect(res.status).toBe(400);
    expectFocusOn(html, "phone_number");
  });

  it("SMS: the phone number, then the code of the second step", async () => {
    const send = await login({ formType: "sms", step: "sms_send", phone_code: "7", phone_number: "x" }, "sms");
    expect(send.res.status).toBe(400);
    expectFocusOn(send.html, "phone_number");
    const code = await login({ formType: "sms", step: "sms_code", phone_code: "7", phone_number: "9001234567", code: "12" }, "sms");
    expect(code.res.status).toBe(400);
    expectFocusOn(code.html, "code");
  });

  it("two-step code: the code", async () => {
    const { res, html } = await login(
      { formType: "login_password_two_step_code", step: "two_step", twoStepToken: "token-of-the-first-step", code: "1" },
      "login_password_two_step_code",
    );
    expect(res.status).toBe(400);
    expectFocusOn(html, "code");
  });

  it("a fresh login page has no autofocus", async () => {
    const { html } = await browser().get("/en/login");
    expect(autofocused(html)).toHaveLength(0);
  });
});

describe("registration", () => {
  const common = { currency: "EUR", country_code: "DE", bonus_choice: "1", terms: "on" };

  it("fast: the e-mail before the password and the terms", async () => {
    const { res, html } = await browser().submit("/en/registration/fast", { ...common, terms: "", email: "not-an-email", password: "weak" });
    expect(res.status).toBe(400);
    expectFocusOn(html, "email");
  });

  it("fast: the terms box when only it is left unticked", async () => {
    const { terms: _terms, ...rest } = common;
    const { res, html } = await browser().submit("/en/registration/fast", { ...rest, email: `focus-${unique()}@example.com`, password: "Secret123" });
    expect(res.status).toBe(400);
    expectFocusOn(html, "terms");
  });

  it("phone: the number before the password", async () => {
    const { res, html } = await browser().submit("/en/registration/phone", { ...common, phone_number: "1", password: "onlyletters" });
    expect(res.status).toBe(400);
    expectFocusOn(html, "phone_number");
  });

  it("full: the first name, shown before the e-mail, the phone and the birthday", async () => {
    const { res, html } = await browser().submit("/en/registration/full", {
      ...common,
      name: "",
      surname: "",
      email: "bad",
      phone_number: "1",
      date_birthday: "2020-01-01",
      password: "Secret123",
    });
    expect(res.status).toBe(400);
    expectFocusOn(html, "name");
  });

  it("full: the password, after valid fields before it", async () => {
    const { res, html } = await browser().submit("/en/registration/full", {
      ...common,
      name: "Ada",
      surname: "Lovelace",
      email: `focus-${unique()}@example.com`,
      phone_number: `301${String(Date.now()).slice(-7)}`,
      date_birthday: "1990-05-05",
      password: "short",
    });
    expect(res.status).toBe(400);
    expectFocusOn(html, "password");
  });
});

describe("password reset and forgot password", () => {
  it("forgot password (the page's form and the home page's modal post the same): the login", async () => {
    const { res, html } = await browser().submit("/en/user/passwordreset", { intent: "forgot", login: "" });
    expect(res.status).toBe(400);
    expectFocusOn(html, "login");
  });

  it("the code step: the code before the passwords, then the password when the code is fine", async () => {
    const code = await browser().submit("/en/user/passwordreset", { intent: "reset", login: "someone@example.com", code: "", password: "short", password_repeat: "other" }, "/en/user/passwordreset?login=someone%40example.com&code=1");
    expect(code.res.status).toBe(400);
    expectFocusOn(code.html, "code");
    const password = await browser().submit("/en/user/passwordreset", { intent: "reset", login: "someone@example.com", code: "123456", password: "short", password_repeat: "short" }, "/en/user/passwordreset?login=someone%40example.com&code=1");
    expect(password.res.status).toBe(400);
    expectFocusOn(password.html, "password");
  });

  it("fresh pages keep their one autofocus: the login, the code, the modal's field", async () => {
    for (const path of ["/en/user/passwordreset", "/en/user/passwordreset?login=a%40example.com&code=123456", "/en?showForgotPasswordModal=1"]) {
      const { html } = await browser().get(path);
      expect(autofocused(html), path).toHaveLength(1);
      expect(attribute(autofocused(html)[0]!, "name"), path).toBe(path.includes("code=") ? "code" : "login");
    }
  });
});

describe("activation and account verification", () => {
  it("user/activate: a malformed code, and a wrong one the platform refuses", async () => {
    const b = browser();
    const registered = await b.submit("/en/registration/fast", { currency: "EUR", country_code: "DE", bonus_choice: "1", terms: "on", email: `focus-${unique()}@example.com`, password: "Secret123" });
    expect(registered.res.status).toBe(302);
    const malformed = await b.submit("/en/user/activate?type=email", { intent: "activate", type: "email", code: "x" });
    expect(malformed.res.status).toBe(400);
    expectFocusOn(malformed.html, "code", "activation-email");
    const wrong = await b.submit("/en/user/activate?type=email", { intent: "activate", type: "email", code: "000000" });
    expect(wrong.res.status).toBe(400);
    expectFocusOn(wrong.html, "code", "activation-email");
  });

  it("user/accountverify: the code of the form refused, not the first form's", async () => {
    // A full registration leaves both the e-mail and the phone to confirm: two code forms.
    const b = browser();
    const registered = await b.submit("/en/registration/full", {
      currency: "EUR",
      country_code: "DE",
      bonus_choice: "1",
      terms: "on",
      name: "Ada",
      surname: "Lovelace",
      email: `focus-${unique()}@example.com`,
      phone_number: `302${String(Date.now()).slice(-7)}`,
      date_birthday: "1990-05-05",
      password: "Secret123",
    });
    expect(registered.res.status).toBe(302);
    const fresh = await b.get("/en/user/accountverify");
    expect(fresh.html).toContain('id="activation-email"');
    expect(fresh.html).toContain('id="activation-phone"');
    expect(autofocused(fresh.html)).toHaveLength(1);
    expect(attribute(autofocused(fresh.html)[0]!, "id")).toContain("activation-email");

    const refused = await b.submit("/en/user/accountverify", { intent: "activate", type: "phone", code: "x" });
    expect(refused.res.status).toBe(400);
    expectFocusOn(refused.html, "code", "activation-phone");
  });

  it("one-click credentials by e-mail: the address", async () => {
    const b = browser();
    const made = await b.submit("/en/registration/one-click", { currency: "EUR", country_code: "DE", bonus_choice: "1", terms: "on" });
    expect(made.res.status).toBe(200);
    const login = /data-testid="credentials-login">([^<]+)</.exec(made.html)![1]!;
    const password = /data-testid="credentials-password">([^<]+)</.exec(made.html)![1]!;
    const { res, html } = await b.submit(
      "/en/registration/one-click",
      { intent: "credentials-email", email: "not-an-email", login, password, continueTo: "/en" },
      "/en/user/passwordreset",
    );
    expect(res.status).toBe(400);
    expectFocusOn(html, "email");
  });

  it("block appeal: the message box", async () => {
    const { token } = await h.createUser({ email: `focus-${unique()}@example.com`, password: "Secret123", ban_level: 45 });
    const { res, html } = await browser(token).submit("/en/block-appeal-history", { message: "short" });
    expect(res.status).toBe(400);
    expectFocusOn(html, "message");
  });
});

describe("the coupon settings", () => {
  it("without JavaScript: the minimum total odds, the one field the bettor types", async () => {
    const { res, html } = await browser().submit("/en/coupon", { intent: "settings", returnTo: "/en/coupon", changeCoefAction: "2", exactCoef: "1.001" });
    expect(res.status).toBe(400);
    expectFocusOn(html, "exactCoef");
  });
});

describe("ops console editors", () => {
  let ops: ReturnType<typeof browser>;
  beforeAll(async () => {
    const { token } = await h.createUser({ login: `ops-focus-${unique()}`, roles: ["player", "ops"], termsAccepted: true });
    ops = browser(token);
  });

  it("redirect rule: the source before the target; the priority before the note", async () => {
    const empty = await ops.submit("/ops/redirects/new", { intent: "save", source: "", target: "", code: "301", priority: "0", active: "on", note: "" });
    expect(empty.res.status).toBe(400);
    expectFocusOn(empty.html, "source");
    const note = await ops.submit("/ops/redirects/new", { intent: "check", source: "/focus-a", target: "/rules/1", code: "301", priority: "5000", active: "on", note: "x".repeat(600) });
    expect(note.res.status).toBe(400);
    expectFocusOn(note.html, "priority");
  });

  it("redirect rule: deleting without the box ticked focuses the box", async () => {
    const { id } = await h.addRedirectRule({ source: `/focus-del-${unique()}`, target: "/rules/1", code: 301 });
    const { res, html } = await ops.submit(`/ops/redirects/${id}`, { intent: "delete" });
    expect(res.status).toBe(400);
    expectFocusOn(html, "confirmDelete");
  });

  it("block rule: the pattern", async () => {
    const { res, html } = await ops.submit("/ops/blocks", { intent: "create", kind: "path", pattern: "", reason: "4", appliesTo: "all", priority: "0", note: "" });
    expect(res.status).toBe(400);
    expectFocusOn(html, "pattern");
  });

  it("switches: the first of the maintenance form's fields refused, and a list switch's box", async () => {
    // The window's rules (an end needs a start) are checked once every field reads well.
    const window = await ops.submit("/ops/switches", { intent: "maintenance", startedAt: "", endedAt: "2030-01-01T10:00", notifyStartedAt: "", notifyEndedAt: "2030-01-01T09:00", webState: "0" });
    expect(window.res.status).toBe(400);
    expectFocusOn(window.html, "startedAt");
    const badDates = await ops.submit("/ops/switches", { intent: "maintenance", startedAt: "2030-01-01T08:00", endedAt: "soon", notifyStartedAt: "", notifyEndedAt: "", webState: "abc" });
    expect(badDates.res.status).toBe(400);
    expectFocusOn(badDates.html, "endedAt");
    const routes = await ops.submit("/ops/switches", { intent: "availableRoutes", routes: "abc" });
    expect(routes.res.status).toBe(400);
    expectFocusOn(routes.html, "routes");
  });

  it("import: the text when it is empty, the confirmation box when replacing without it", async () => {
    const empty = await ops.submit("/ops/transfer", { json: "", mode: "append" });
    expect(empty.res.status).toBe(400);
    expectFocusOn(empty.html, "json");
    const replace = await ops.submit("/ops/transfer", { json: JSON.stringify({ rules: [{ source: "/focus-import", target: "/rules/1", code: 301 }] }), mode: "replace" });
    expect(replace.res.status).toBe(400);
    expectFocusOn(replace.html, "confirmReplace");
  });
});
