import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, hooks } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";

// Registration, activation, password reset and the newsletter opt-out: the built site over
// HTTP against the real platform, posting forms as a browser without JavaScript would.

let stack: Stack;
let h: ReturnType<typeof hooks>;
let ipCounter = 1;

// The platform limits registrations per address; each test registers from its own one.
const IP_HEADER = "x-test-client-ip";
const nextIp = () => `198.51.100.${ipCounter++}`;

beforeAll(async () => {
  stack = await startStack({ siteEnv: { CONFIG_CACHE_SECONDS: "1", TRUSTED_CLIENT_IP_HEADER: IP_HEADER } });
  h = hooks(stack.platformUrl);
});
afterAll(async () => {
  await stack?.stop();
});

// A copy of the form helpers (tests/support/forms.ts belongs to the login suite).
class Jar {
  readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const eq = pair.indexOf("=");
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

class Browser {
  readonly jar = new Jar();
  constructor(readonly ip = nextIp()) {}
  async get(path: string) {
    const res = this.jar.take(
      await fetch(`${stack.siteUrl}${path}`, { headers: { cookie: this.jar.header(), [IP_HEADER]: this.ip }, redirect: "manual" })
    );
    return { res, html: await res.text() };
  }
  /** GETs the page for its CSRF token, then posts the form with it (the csrf cookie rides along). */
  async submit(path: string, fields: Record<string, string>, formPage = path) {
    const page = await this.get(formPage);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)?.[1];
    if (!csrf) throw new Error(`no CSRF token on ${formPage} (${page.res.status})`);
    const res = this.jar.take(
      await fetch(`${stack.siteUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: this.jar.header(), "content-type": "application/x-www-form-urlencoded", accept: "text/html", [IP_HEADER]: this.ip },
        body: new URLSearchParams({ ...fields, csrf }),
      })
    );
    return { res, html: await res.text() };
  }
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const common = { currency: "EUR", country_code: "DE", bonus_choice: "1", terms: "on" };
/** Text of the page without tags, so assertions read like what a person sees. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

async function outbox(to: string) {
  const res = await fetch(`${stack.platformUrl}/__dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Array<{ code: string | null; body: string; channel: string; subject: string | null }> }).messages;
}

describe("registration", () => {
  it("fast: registers by e-mail, signs in and continues to account verification", async () => {
    const b = new Browser();
    const email = `fast-${unique()}@example.com`;
    const { res } = await b.submit("/en/registration/fast", { ...common, email, password: "Secret123" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/user/accountverify");
    expect(b.jar.cookies.get("user_token")).toBeTruthy();

    const verify = await b.get("/en/user/accountverify");
    expect(verify.res.status).toBe(200);
    expect(text(verify.html)).toContain("Confirm your account");
    expect(text(verify.html)).toContain("Not confirmed");

    // The code from the e-mail confirms it.
    const [message] = await outbox(email);
    expect(message?.code).toMatch(/^\d{6}$/);
    const done = await b.submit("/en/user/accountverify", { intent: "activate", type: "email", code: message!.code! });
    expect(done.res.status).toBe(200);
    expect(text(done.html)).toContain("Your e-mail is confirmed.");
    expect(text(done.html)).toContain("Your account is confirmed");
  });

  it("the default type is fast, an unknown type is 404", async () => {
    const b = new Browser();
    const page = await b.get("/en/registration");
    expect(page.res.status).toBe(200);
    expect(page.html).toMatch(/aria-current="page"[^>]*>.*?E-mail|E-mail.*?aria-current/s);
    expect(page.html).toContain('name="email"');
    expect((await b.get("/en/registration/vip")).res.status).toBe(404);
  });

  it("phone: registers with the country's dialing code and confirms the phone by the SMS code", async () => {
    const b = new Browser();
    const number = `301${String(Date.now()).slice(-7)}`;
    const { res } = await b.submit("/en/registration/phone", { ...common, country_code: "DE", phone_number: number, password: "Secret123" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/user/accountverify");
    const [sms] = await outbox(`+49${number}`);
    expect(sms?.channel).toBe("sms");

    const wrong = await b.submit("/en/user/activate?type=phone", {
      intent: "activate",
      type: "phone",
      code: sms!.code === "000000" ? "111111" : "000000",
    });
    expect(wrong.res.status).toBe(400);
    expect(text(wrong.html)).toContain("The code is not right.");
    const ok = await b.submit("/en/user/activate?type=phone", { intent: "activate", type: "phone", code: sms!.code! });
    expect(ok.res.status).toBe(200);
    expect(text(ok.html)).toContain("Phone number confirmed");
  });

  it("full: registers with name, birthday, e-mail and phone; under 18 is refused", async () => {
    const b = new Browser();
    const email = `full-${unique()}@example.com`;
    const number = `302${String(Date.now()).slice(-7)}`;
    const fields = { ...common, email, password: "Secret123", phone_number: number, name: "Anna", surname: "Schmidt", date_birthday: "1990-04-12" };
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const refused = await b.submit("/en/registration/full", { ...fields, date_birthday: young.toISOString().slice(0, 10) });
    expect(refused.res.status).toBe(400);
    expect(text(refused.html)).toContain("You must be at least 18 years old to register.");

    const { res } = await b.submit("/en/registration/full", fields);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/user/accountverify");
    const verify = await b.get("/en/user/accountverify");
    expect(text(verify.html)).toContain("E-mail");
    expect(text(verify.html)).toContain("Phone number");
  });

  it("one-click: shows the login and password once, as a file, an image and by e-mail", async () => {
    const b = new Browser();
    const { res, html } = await b.submit("/en/registration/one-click", common);
    expect(res.status).toBe(200);
    expect(b.jar.cookies.get("user_token")).toBeTruthy();
    expect(res.headers.get("cache-control")).toContain("no-store");
    const login = /data-testid="credentials-login">([^<]+)</.exec(html)?.[1];
    const password = /data-testid="credentials-password">([^<]+)</.exec(html)?.[1];
    expect(login).toMatch(/^\d+$/);
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(html).toMatch(/href="data:text\/plain;charset=utf-8,[^"]+" download="arena-bet-account\.txt"/);
    expect(html).toMatch(/href="data:image\/svg\+xml;charset=utf-8,[^"]+" download="arena-bet-account\.svg"/);
    const file = decodeURIComponent(/href="data:text\/plain;charset=utf-8,([^"]+)"/.exec(html)![1]!);
    expect(file).toContain(`Login: ${login}`);
    expect(file).toContain(`Password: ${password}`);

    // Signed in now, the credentials go out by e-mail from the same action.
    const email = `oneclick-${unique()}@example.com`;
    const sent = await b.submit(
      "/en/registration/one-click",
      { intent: "credentials-email", email, login: login!, password: password!, continueTo: "/en" },
      "/en/user/passwordreset"
    );
    expect(sent.res.status).toBe(200);
    expect(text(sent.html)).toContain(`Sent to ${email}.`);
    expect(sent.html).toContain(password);
    const [mail] = await outbox(email);
    expect(mail?.body).toContain(password);

    // The registration page itself is no longer for this signed-in player.
    const again = await b.get("/en/registration");
    expect(again.res.status).toBe(302);
    expect(again.res.headers.get("location")).toBe("/en");
  });

  it("a filled honeypot answers as if it worked but registers nothing", async () => {
    const b = new Browser();
    const email = `bot-${unique()}@example.com`;
    const { res } = await b.submit("/en/registration/fast", { ...common, email, password: "Secret123", website: "http://spam.example" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en");
    expect(b.jar.cookies.get("user_token")).toBeUndefined();
    expect(await outbox(email)).toEqual([]);
    // The address is still free.
    const real = await new Browser().submit("/en/registration/fast", { ...common, email, password: "Secret123" });
    expect(real.res.status).toBe(302);
  });

  it("never sends the password back after a failed submit", async () => {
    const b = new Browser();
    const password = "Unique-Secret-987";
    const invalid = await b.submit("/en/registration/fast", { ...common, email: "not-an-email", password });
    expect(invalid.res.status).toBe(400);
    expect(text(invalid.html)).toContain("Enter a valid e-mail");
    expect(invalid.html).not.toContain(password);
    expect(invalid.html).toContain('value="not-an-email"');

    const email = `taken-${unique()}@example.com`;
    await h.createUser({ email, password: "Other123x" });
    const taken = await b.submit("/en/registration/fast", { ...common, email, password });
    expect(taken.res.status).toBe(409);
    expect(text(taken.html)).toContain("An account with this e-mail already exists.");
    expect(taken.html).not.toContain(password);

    const weak = await b.submit("/en/registration/phone", { ...common, phone_number: "3012345", password: "onlyletters" });
    expect(weak.res.status).toBe(400);
    expect(text(weak.html)).toContain("Use both letters and digits in the password.");
    expect(weak.html).not.toContain("onlyletters");
  });

  it("refuses a form without its CSRF token", async () => {
    const res = await fetch(`${stack.siteUrl}/en/registration/one-click`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", [IP_HEADER]: nextIp() },
      body: new URLSearchParams(common),
    });
    expect(res.status).toBe(403);
  });

  it("is 404 while registration is closed, and on a VIP domain", async () => {
    const b = new Browser();
    await h.setConfig("registration", { allowed: false, customConfig: false });
    try {
      await eventually(async () => expect((await b.get("/en/registration")).res.status).toBe(404));
      expect((await b.get("/en/registration/one-click")).res.status).toBe(404);
    } finally {
      await h.setConfig("registration", { allowed: true, customConfig: false });
    }
    await eventually(async () => expect((await b.get("/en/registration/fast")).res.status).toBe(200));
    await h.setConfig("vipDomains", ["127.0.0.1"]);
    try {
      await eventually(async () => expect((await b.get("/en/registration/fast")).res.status).toBe(404));
    } finally {
      await h.setConfig("vipDomains", ["vip.localhost"]);
    }
    await eventually(async () => expect((await b.get("/en/registration/fast")).res.status).toBe(200));
  });
});

describe("password reset", () => {
  it("sends a code, tells wrong_code from time_up, then sets the new password", async () => {
    const b = new Browser();
    const email = `reset-${unique()}@example.com`;
    await h.createUser({ email, password: "OldSecret1" });

    const step1 = await b.submit("/en/user/passwordreset", { intent: "forgot", login: email });
    expect(step1.res.status).toBe(200);
    expect(text(step1.html)).toContain(`If an account with ${email} exists, we have sent a code to its e-mail address.`);
    const [first] = await outbox(email);
    expect(first?.code).toMatch(/^\d{6}$/);

    const reset = (code: string, password = "NewSecret2") =>
      b.submit("/en/user/passwordreset", { intent: "reset", login: email, code, password, password_repeat: password });
    const wrong = await reset(first!.code === "123456" ? "654321" : "123456");
    expect(wrong.res.status).toBe(400);
    expect(text(wrong.html)).toContain("The code is not right. Check it and try again.");
    expect(wrong.html).not.toContain("NewSecret2");

    const mismatch = await b.submit("/en/user/passwordreset", {
      intent: "reset",
      login: email,
      code: first!.code!,
      password: "NewSecret2",
      password_repeat: "NewSecret3",
    });
    expect(text(mismatch.html)).toContain("The passwords do not match.");

    await fetch(`${stack.platformUrl}/__test/codes/expire`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ to: email }),
    });
    const late = await reset(first!.code!);
    expect(late.res.status).toBe(400);
    expect(text(late.html)).toContain("The code has expired. Ask for a new one.");

    // One code a minute per account: the new one is issued after the platform's resend window,
    // so the test asks the platform for a fresh user instead of waiting.
    const other = `reset2-${unique()}@example.com`;
    await h.createUser({ email: other, password: "OldSecret1" });
    await b.submit("/en/user/passwordreset", { intent: "forgot", login: other });
    const [fresh] = await outbox(other);
    const done = await b.submit("/en/user/passwordreset", {
      intent: "reset",
      login: other,
      code: fresh!.code!,
      password: "NewSecret2",
      password_repeat: "NewSecret2",
    });
    expect(done.res.status).toBe(200);
    expect(text(done.html)).toContain("Your password is changed");
    expect(done.html).toContain('href="/en/login"');

    const login = await fetch(`${stack.platformUrl}/web-api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ uLogin: other, uPassword: "NewSecret2", save: false }),
    });
    expect(login.status).toBe(200);
  });

  it("says the same for an account that does not exist", async () => {
    const b = new Browser();
    const step1 = await b.submit("/en/user/passwordreset", { intent: "forgot", login: `nobody-${unique()}@example.com` });
    expect(step1.res.status).toBe(200);
    expect(text(step1.html)).toMatch(/If an account with \S+ exists, we have sent a code to its e-mail address\./);
  });
});

describe("activation link, newsletter, social login, outbox", () => {
  it("activates by the link of the e-mail without a session", async () => {
    const b = new Browser();
    const email = `link-${unique()}@example.com`;
    await b.submit("/en/registration/fast", { ...common, email, password: "Secret123" });
    const [message] = await outbox(email);
    const link = /\/en\/user\/activate\?\S+/.exec(message!.body)![0];
    const guest = new Browser();
    const page = await guest.get(link);
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain("E-mail confirmed");
    const broken = await guest.get(link.replace(/code=\d+/, "code=999999x"));
    expect(broken.res.status).toBe(400);
    expect(text(broken.html)).toContain("The link did not work");
  });

  it("the code page asks a guest to log in first", async () => {
    const res = (await new Browser().get("/en/user/activatefast?type=email")).res;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/en/login?returnTo=${encodeURIComponent("/en/user/activatefast?type=email")}`);
  });

  it("stops the newsletter for a signed link and refuses a bad signature", async () => {
    const b = new Browser();
    const email = `news-${unique()}@example.com`;
    const bad = await b.submit(`/en/user/stopnewsletter?email=${encodeURIComponent(email)}&token=${"0".repeat(64)}`, {
      email,
      token: "0".repeat(64),
    });
    expect(bad.res.status).toBe(400);
    expect(text(bad.html)).toContain("The link is not valid");

    const { token } = (await (await fetch(`${stack.platformUrl}/__test/newsletter-token?email=${encodeURIComponent(email)}`)).json()) as {
      token: string;
    };
    const path = `/en/user/stopnewsletter?email=${encodeURIComponent(email)}&token=${token}`;
    const confirm = await b.get(path);
    expect(text(confirm.html)).toContain("Stop sending news and offers to");
    const done = await b.submit(path, { email, token });
    expect(done.res.status).toBe(200);
    expect(text(done.html)).toContain("You are unsubscribed");
  });

  it("social login: the one-time pass signs in once, then explains itself", async () => {
    const email = `social-${unique()}@example.com`;
    const { credential } = (await (
      await fetch(`${stack.platformUrl}/__test/social/credential`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, name: "Social Player" }),
      })
    ).json()) as { credential: string };
    // The one-tap prompt posts the credential to the site (the provider's double-submit
    // cookie), which answers with the result link and binds it to this browser.
    const b = new Browser();
    b.jar.cookies.set("g_csrf_token", "one-tap-csrf-0123");
    const tap = b.jar.take(
      await fetch(`${stack.siteUrl}/en/login/google-one-tap`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: b.jar.header(), "content-type": "application/x-www-form-urlencoded", [IP_HEADER]: b.ip },
        body: new URLSearchParams({ credential, g_csrf_token: "one-tap-csrf-0123" }),
      }),
    );
    const redirectUrl = tap.headers.get("location")!;
    expect(redirectUrl).toMatch(/^\/en\/login\/social\?login=\d+&pass=/);
    const state = b.jar.cookies.get("one_tap_state");
    expect(state).toBeTruthy();

    const first = await b.get(`${redirectUrl}&returnTo=${encodeURIComponent("/en/rules/1")}`);
    expect(first.res.status).toBe(302);
    expect(first.res.headers.get("location")).toBe("/en/rules/1");
    expect(b.jar.cookies.get("user_token")).toBeTruthy();
    expect(b.jar.cookies.get("one_tap_state")).toBeUndefined();

    // The same link once more, from a browser holding the state (copied): the pass is spent.
    const replay = new Browser();
    replay.jar.cookies.set("one_tap_state", state!);
    const again = await replay.get(redirectUrl);
    expect(again.res.status).toBe(401);
    expect(text(again.html)).toContain("Could not log in with the social network");
  });

  it("social login without its parameters explains itself", async () => {
    const page = await new Browser().get("/en/login/social");
    expect(page.res.status).toBe(400);
    expect(text(page.html)).toContain("Could not log in with the social network");
  });

  it("the developer outbox lists the messages, filtered by address", async () => {
    const email = `outbox-${unique()}@example.com`;
    const b = new Browser();
    await b.submit("/en/registration/fast", { ...common, email, password: "Secret123" });
    const page = await b.get(`/en/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(page.res.status).toBe(200);
    expect(text(page.html)).toContain("Confirm your e-mail");
    expect(page.html).toContain(email);
  });
});
