import { Agent, fetch as undiciFetch } from "undici";
import { describe, expect, it } from "vitest";
import { CookieJar, csrfToken } from "../support/forms";
import { hooks } from "../support/hooks";
import { siteStack } from "../support/suite";

/**
 * Two visitors of the site on different socket addresses (127.0.0.2 and 127.0.0.3: all of
 * 127/8 is loopback), with no TRUSTED_CLIENT_IP_HEADER: the site must tell the platform who each
 * one is, so one visitor's failed logins never captcha or lock the other (decision 012). And the
 * other way round: a visitor who claims another address (X-Forwarded-For, X-Real-IP, x-client-ip,
 * Forwarded) from a peer nobody trusts — the site without the header set, or the platform called
 * directly — is still its socket, for every limit and in everything recorded about it.
 */

const stack = siteStack();
const h = hooks(() => stack.platformUrl);

class Visitor {
  readonly jar = new CookieJar();
  private readonly agent: Agent;
  /** The n-th request's claims of another address (none by default). */
  spoof: (n: number) => Record<string, string> = () => ({});
  private sent = 0;
  constructor(readonly address: string) {
    this.agent = new Agent({ localAddress: address });
  }
  async send(path: string, init: { method?: string; body?: URLSearchParams } = {}) {
    const res = await undiciFetch(`${stack.siteUrl}${path}`, {
      method: init.method ?? "GET",
      redirect: "manual",
      dispatcher: this.agent,
      headers: {
        cookie: this.jar.header(),
        accept: "text/html",
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...this.spoof(this.sent++),
      },
      body: init.body?.toString(),
    });
    this.jar.take(res as unknown as Response);
    return { status: res.status, html: await res.text() };
  }
  /** A JSON call straight to the platform from this socket (no site in between). */
  async platform(path: string, body?: unknown) {
    const res = await undiciFetch(`${stack.platformUrl}${path}`, {
      method: body === undefined ? "GET" : "POST",
      dispatcher: this.agent,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...this.spoof(this.sent++) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error?: { code: string }; id?: string } };
  }
  /** A password login through the site's form, as a browser without JavaScript posts it. */
  async login(uLogin: string, uPassword: string) {
    const page = await this.send("/en/login");
    const fields = { csrf: csrfToken(page.html), formType: "login_password", step: "credentials", uLogin, uPassword };
    return this.send("/en/login", { method: "POST", body: new URLSearchParams(fields) });
  }
  close() {
    return this.agent.close();
  }
}

const captchaShown = (html: string) => html.includes('name="captchaId"');

describe("per-visitor login limits through the site", () => {
  it("lets one visitor's failures captcha only that visitor, and never the other", async () => {
    const email = "shared-office@example.com";
    await h.createUser({ email, password: "Secret123" });
    const a = new Visitor("127.0.0.2");
    const b = new Visitor("127.0.0.3");
    try {
      // A fails three times on the account and on strangers' logins...
      for (let i = 0; i < 3; i++) {
        const failed = await a.login(email, "Wrong1234");
        expect(failed.status, `failure ${i + 1}`).toBe(400);
        expect(captchaShown(failed.html), `failure ${i + 1}`).toBe(false);
      }
      for (let i = 0; i < 3; i++) expect((await a.login(`ghost${i}@example.com`, "Wrong1234")).status).toBe(400);
      // ...and from now on A needs a captcha, even with the right password.
      const asked = await a.login(email, "Secret123");
      expect(asked.status).toBe(400);
      expect(captchaShown(asked.html)).toBe(true);
      expect(a.jar.get("user_token")).toBeUndefined();

      // B, on another address, signs in to the same account with no captcha.
      const signedIn = await b.login(email, "Secret123");
      expect(signedIn.status).toBe(302);
      expect(b.jar.get("user_token")).toBeTruthy();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("never locks a visitor out by another visitor's failures", async () => {
    const email = "locked-elsewhere@example.com";
    await h.createUser({ email, password: "Secret123" });
    const a = new Visitor("127.0.0.4");
    const b = new Visitor("127.0.0.5");
    try {
      // A exhausts its own allowance for the account at the platform (captchas solved by the
      // test hook stand for a patient attacker), so A is locked out of it...
      const api = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${stack.platformUrl}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-client-ip": a.address, ...headers },
          body: JSON.stringify(body),
        });
      const solvedCaptcha = async () => {
        const captcha = (await (await fetch(`${stack.platformUrl}/captcha-api/update`, { headers: { "x-client-ip": a.address } })).json()) as {
          id: string;
        };
        const answer = await h.captchaAnswer(captcha.id);
        const reply = (await (await api("/captcha-api/validate", { id: captcha.id, answer })).json()) as { token: string };
        return reply.token;
      };
      for (let i = 0; i < 10; i++) {
        const headers = i >= 3 ? { "x-captcha-token": await solvedCaptcha() } : undefined;
        expect((await api("/web-api/auth/login", { uLogin: email, uPassword: "Wrong1234" }, headers)).status, `failure ${i + 1}`).toBe(400);
      }
      const locked = await a.login(email, "Secret123");
      expect(locked.status).toBe(429);

      // ...while B signs in through the site as if nothing happened.
      const signedIn = await b.login(email, "Secret123");
      expect(signedIn.status).toBe(302);
      expect(b.jar.get("user_token")).toBeTruthy();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

/** Every way a client claims another address, a new one for each request. */
const claims = (n: number) => ({
  "x-forwarded-for": `10.0.${n}.1, 10.1.${n}.1`,
  "x-real-ip": `10.2.${n}.1`,
  "x-client-ip": `10.3.${n}.1`,
  forwarded: `for=10.4.${n}.1`,
});
const CLAIMED = /\b10\.[0-4]\.\d+\.1\b/;

/** Read-only SQL in the platform's database (its /__test/sql hook). */
async function sql(query: string): Promise<Array<Record<string, string>>> {
  const res = await fetch(`${stack.platformUrl}/__test/sql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sql: query }) });
  if (!res.ok) throw new Error(`/__test/sql: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { rows: Array<Record<string, string>> }).rows;
}
/** What the platform recorded about addresses: its rate-limit counters' keys and its captchas' addresses. */
async function recordedAddresses(): Promise<string[]> {
  const limits = await sql("select scope || ' ' || key as what from rate_limit where scope like '%address%' or scope like '%pair%'");
  const captchas = await sql("select 'captcha ' || client_address as what from captcha");
  return [...limits, ...captchas].map((r) => r.what!);
}

describe("claims of another address from a peer nobody trusts", () => {
  it("through the site without TRUSTED_CLIENT_IP_HEADER: a new claim on every try still meets the captcha, and the platform records the socket", async () => {
    const email = "spoofing-site@example.com";
    await h.createUser({ email, password: "Secret123" });
    const a = new Visitor("127.0.0.6");
    a.spoof = claims;
    try {
      for (let i = 0; i < 3; i++) expect((await a.login(email, "Wrong1234")).status, `failure ${i + 1}`).toBe(400);
      // Three failures from this socket, each claiming another address: the fourth try is asked
      // for a captcha all the same, the right password too.
      const asked = await a.login(email, "Secret123");
      expect(asked.status).toBe(400);
      expect(captchaShown(asked.html)).toBe(true);
      expect(a.jar.get("user_token")).toBeUndefined();

      const recorded = await recordedAddresses();
      expect(recorded.filter((r) => r.includes("127.0.0.6")).length).toBeGreaterThan(0);
      expect(recorded.filter((r) => CLAIMED.test(r)), "addresses the platform took from a client's claim").toEqual([]);
      // The captcha the page shows is the socket's.
      const captchaId = /name="captchaId" value="([^"]+)"/.exec(asked.html)?.[1];
      expect(captchaId).toBeTruthy();
      expect(await sql(`select client_address from captcha where id = '${captchaId!.replace(/'/g, "''")}'`)).toEqual([{ client_address: "127.0.0.6" }]);
    } finally {
      await a.close();
    }
  });

  it("through the site: the address it logs is the socket's", async () => {
    const a = new Visitor("127.0.0.7");
    a.spoof = claims;
    try {
      // A bot filling the registration form's hidden field is logged with its address.
      const page = await a.send("/en/registration");
      const fields = { csrf: csrfToken(page.html), email: "bot@example.com", password: "Secret123", currency: "EUR", country_code: "DE", bonus_choice: "1", terms: "on", website: "https://spam.example" };
      expect((await a.send("/en/registration", { method: "POST", body: new URLSearchParams(fields) })).status).toBe(302);
      const logged = stack.siteLog().filter((line) => line.event === "registration.honeypot");
      expect(logged.map((line) => line.ip)).toEqual(["127.0.0.7"]);
    } finally {
      await a.close();
    }
  });

  it("the platform called directly: a claimed x-client-ip picks no bucket, the socket is limited and recorded", async () => {
    const email = "spoofing-platform@example.com";
    await h.createUser({ email, password: "Secret123" });
    const a = new Visitor("127.0.0.8");
    a.spoof = claims;
    try {
      for (let i = 0; i < 3; i++) expect((await a.platform("/web-api/auth/login", { uLogin: email, uPassword: "Wrong1234" })).body.error?.code, `failure ${i + 1}`).toBe("wrong_credentials");
      const asked = await a.platform("/web-api/auth/login", { uLogin: email, uPassword: "Secret123" });
      expect(asked.status).toBe(400);
      expect(asked.body.error?.code).toBe("captcha_required");
      // Registrations from one address are capped (10 an hour): a new claim each time changes nothing.
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await a.platform("/web-api/registration", { type: "one_click", currency: "EUR", country_code: "DE", bonus_choice: 1, lng: "de" })).status);
      expect(statuses.slice(0, 10).every((s) => s === 201), statuses.join(" ")).toBe(true);
      expect(statuses[10]).toBe(429);
      const captcha = await a.platform("/captcha-api/update");
      expect(await sql(`select client_address from captcha where id = '${captcha.body.id!.replace(/'/g, "''")}'`)).toEqual([{ client_address: "127.0.0.8" }]);
      const recorded = await recordedAddresses();
      expect(recorded.filter((r) => r.includes("127.0.0.8")).length).toBeGreaterThan(0);
      expect(recorded.filter((r) => CLAIMED.test(r)), "addresses the platform took from a client's claim").toEqual([]);
    } finally {
      await a.close();
    }
  });
});
