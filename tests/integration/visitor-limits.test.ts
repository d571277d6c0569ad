import { Agent, fetch as undiciFetch } from "undici";
import { describe, expect, it } from "vitest";
import { CookieJar, csrfToken } from "../support/forms";
import { hooks } from "../support/hooks";
import { siteStack } from "../support/suite";

/**
 * Two visitors of the site on different socket addresses (127.0.0.2 and 127.0.0.3: all of
 * 127/8 is loopback), with no TRUSTED_CLIENT_IP_HEADER: the site must tell the platform who each
 * one is, so one visitor's failed logins never captcha or lock the other (decision 012).
 */

const stack = siteStack();
const h = hooks(() => stack.platformUrl);

class Visitor {
  readonly jar = new CookieJar();
  private readonly agent: Agent;
  constructor(readonly address: string) {
    this.agent = new Agent({ localAddress: address });
  }
  private async send(path: string, init: { method?: string; body?: URLSearchParams } = {}) {
    const res = await undiciFetch(`${stack.siteUrl}${path}`, {
      method: init.method ?? "GET",
      redirect: "manual",
      dispatcher: this.agent,
      headers: {
        cookie: this.jar.header(),
        accept: "text/html",
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: init.body?.toString(),
    });
    this.jar.take(res as unknown as Response);
    return { status: res.status, html: await res.text() };
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
