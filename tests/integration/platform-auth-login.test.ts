import { describe, expect, it } from "vitest";
import { loginLinkSign } from "../../platform/domain/signing";
import { DEV_PLATFORM_SECRET } from "../../platform/env";
import { eventually } from "../support/hooks";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";
import { authClient, freshIp, freshPhone, secondsUntil, unique } from "./platform-auth-client";

const DAY = 86_400;

/** The answer of `call` and when it was asked and answered, on this machine's clock. */
async function stamped<T>(call: () => Promise<T>): Promise<{ answer: T; asked: number; answered: number }> {
  const asked = Date.now();
  const answer = await call();
  return { answer, asked, answered: Date.now() };
}

/** An expiry set `seconds` after the platform's "now" while the call ran (a second for rounding). */
function expectExpiry(iso: string, seconds: number, { asked, answered }: { asked: number; answered: number }) {
  const at = new Date(iso).getTime();
  expect(at).toBeGreaterThanOrEqual(asked + seconds * 1000 - 1000);
  expect(at).toBeLessThanOrEqual(answered + seconds * 1000 + 1000);
}

describe.each(databases)("platform logins, sessions and tokens on %s", (db) => {
  const stack = platformStack(db);
  const api = authClient(() => stack.platformUrl);

  const userWithPassword = async (extra: Record<string, unknown> = {}) => {
    const email = `${unique("user")}@example.com`;
    const password = "Secret123";
    const { userId } = await api.createUser({ email, password, ...extra });
    return { userId, email, password };
  };

  describe("GET /web-api/session", () => {
    it("answers plain text ok", async () => {
      const res = await api.request("GET", "/web-api/session");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await res.text()).toBe("ok");
    });
  });

  describe("password login", () => {
    it("signs in the seeded demo accounts", async () => {
      const player = await api.login("player@arena.bet", "Player123");
      expect(player.status).toBe(200);
      const ops = await api.login("ops@arena.bet", "Operator123");
      expect(ops.status).toBe(200);
      expect((await api.expectOk("GET", "/web-api/auth/rights", { token: player.body.result.token })).result).toEqual(["bet", "deposit", "withdraw"]);
      expect((await api.expectOk("GET", "/web-api/auth/rights", { token: ops.body.result.token })).result).toEqual([
        "bet",
        "deposit",
        "withdraw",
        "ops",
      ]);
    });

    it("takes an e-mail (any case), a login name or the account number, with a new token every time", async () => {
      const login = unique("gamer");
      const { userId, email, password } = await userWithPassword({ login });
      const tokens = new Set<string>();
      for (const uLogin of [email, email.toUpperCase(), login, String(userId), ` ${email} `]) {
        const answer = await api.login(uLogin, password);
        expect(answer.status, uLogin).toBe(200);
        expect(answer.body).toEqual({ result: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String), userId } });
        tokens.add(answer.body.result.token);
        expect(await api.whoIs(answer.body.result.token)).toBe(userId);
      }
      expect(tokens.size).toBe(5);
    });

    it("keeps a session 1 day, or 30 days with save", async () => {
      const { email, password } = await userWithPassword();
      const short = await stamped(() => api.login(email, password));
      expectExpiry(short.answer.body.result.expiresAt, DAY, short);
      const saved = await stamped(() => api.login(email, password, { save: true }));
      expectExpiry(saved.answer.body.result.expiresAt, 30 * DAY, saved);
      const notSaved = await stamped(() => api.login(email, password, { save: false }));
      expectExpiry(notSaved.answer.body.result.expiresAt, DAY, notSaved);
    });

    it("answers wrong_credentials alike for a wrong password and an unknown account", async () => {
      const { email } = await userWithPassword();
      const wrongPassword = await api.login(email, "Secret124");
      const unknown = await api.login(`${unique("nobody")}@example.com`, "Secret123");
      const noPassword = await api.createUser({ email: `${unique("nopass")}@example.com` });
      const passwordless = await api.login(String(noPassword.userId), "anything1");
      for (const answer of [wrongPassword, unknown, passwordless]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: { code: "wrong_credentials", message: "Wrong login or password" } });
      }
    });

    it.each([
      ["no password", { uLogin: "a@b.co" }],
      ["an empty login", { uLogin: " ", uPassword: "x" }],
      ["a non-boolean save", { uLogin: "a@b.co", uPassword: "x", save: "yes" }],
      ["not JSON", "uLogin=a"],
    ])("refuses %s with 400 bad_request", async (_what, body) => {
      await api.expectError("POST", "/web-api/auth/login", { body, ip: freshIp() }, 400, "bad_request");
    });

    it("refuses an x-client-ip that is not an address", async () => {
      const { email, password } = await userWithPassword();
      await api.expectError(
        "POST",
        "/web-api/auth/login",
        { body: { uLogin: email, uPassword: password }, headers: { "x-client-ip": "1.2.3.4, 5.6.7.8" } },
        400,
        "bad_request"
      );
    });
  });

  describe("phone login", () => {
    it("signs in by dialing code, number and password", async () => {
      const phone = freshPhone();
      const { userId } = await api.createUser({ phone_number: phone, phone_code: "7", password: "Secret123" });
      const ok = await api.expectOk("POST", "/web-api/auth/login/phone", {
        ip: freshIp(),
        body: { phone_number: phone, country_code: "7", uPassword: "Secret123", save: true },
      });
      expect(ok.result.userId).toBe(userId);
      expect(secondsUntil(ok.result.expiresAt)).toBeGreaterThan(29 * DAY);
      for (const body of [
        { phone_number: phone, country_code: "7", uPassword: "Secret124" },
        { phone_number: phone, country_code: "380", uPassword: "Secret123" },
      ]) {
        await api.expectError("POST", "/web-api/auth/login/phone", { ip: freshIp(), body }, 400, "wrong_credentials");
      }
      await api.expectError(
        "POST",
        "/web-api/auth/login/phone",
        { ip: freshIp(), body: { phone_number: "+7900", country_code: "7", uPassword: "x" } },
        400,
        "bad_request"
      );
    });
  });

  describe("SMS login", () => {
    const registeredPhone = async () => {
      const phone = freshPhone();
      const { userId } = await api.createUser({ phone_number: phone, phone_code: "7" });
      return { phone, userId, to: `+7${phone}` };
    };
    const send = (phone: string) => api.call("POST", "/web-api/auth/sms/send", { ip: freshIp(), body: { "phone-number": phone, "phone-code": "7" } });
    const smsLogin = (phone: string, code: string, ip = freshIp()) =>
      api.call("POST", "/web-api/auth/login/sms", { ip, body: { phone_number: phone, country_code: "7", code } });

    it("sends a 6-digit code to a registered phone, at most once a minute", async () => {
      const { phone, to } = await registeredPhone();
      const first = await send(phone);
      expect(first).toMatchObject({ status: 200, body: { result: true, resendAfterSeconds: 60 } });
      const [message] = await api.outbox(to);
      expect(message).toMatchObject({ channel: "sms", to, code: expect.stringMatching(/^\d{6}$/) });
      expect(message!.body).toContain(message!.code);
      const again = await send(phone);
      expect(again.status).toBe(429);
      expect(again.body.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: expect.any(Number) });
      expect(again.body.error.retryAfterSeconds).toBeGreaterThan(0);
      expect(again.body.error.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(await api.outbox(to)).toHaveLength(1);
    });

    it("answers an unregistered phone exactly as a registered one, and sends it nothing", async () => {
      const { phone } = await registeredPhone();
      const stranger = freshPhone();
      const [known, unknown] = [await send(phone), await send(stranger)];
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(await api.outbox(`+7${stranger}`)).toHaveLength(0);
      // The minute's limit holds for both, so a second try tells nothing either.
      const [knownAgain, unknownAgain] = [await send(phone), await send(stranger)];
      expect([knownAgain.status, unknownAgain.status]).toEqual([429, 429]);
      expect(Object.keys(unknownAgain.body.error).sort()).toEqual(Object.keys(knownAgain.body.error).sort());
    });

    it("sends at most 10 codes an hour from one address, to any phones", async () => {
      const ip = freshIp();
      const sendFrom = (phone: string) => api.call("POST", "/web-api/auth/sms/send", { ip, body: { "phone-number": phone, "phone-code": "7" } });
      for (let i = 0; i < 10; i++) expect((await sendFrom(freshPhone())).status, `send ${i + 1}`).toBe(200);
      const { phone, to } = await registeredPhone();
      const limited = await sendFrom(phone);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: expect.any(Number) });
      expect(await api.outbox(to)).toHaveLength(0);
      // The refused send did not use up the phone's minute: another address may send to it.
      expect((await send(phone)).status).toBe(200);
    });

    it("signs in once with the right code; wrong and reused codes are wrong_code", async () => {
      const { phone, userId, to } = await registeredPhone();
      await send(phone);
      const code = await api.lastCode(to);
      const wrong = code === "000000" ? "000001" : "000000";
      expect((await smsLogin(phone, wrong)).body.error.code).toBe("wrong_code");
      const ok = await smsLogin(phone, code);
      expect(ok.status).toBe(200);
      expect(ok.body.result.userId).toBe(userId);
      expect(await api.whoIs(ok.body.result.token)).toBe(userId);
      expect((await smsLogin(phone, code)).body.error.code).toBe("wrong_code");
      expect((await smsLogin(freshPhone(), code)).body.error.code).toBe("wrong_code");
    });

    it("answers time_up for an expired code", async () => {
      const { phone, to } = await registeredPhone();
      await send(phone);
      const code = await api.lastCode(to);
      expect((await api.expectOk("POST", "/__test/codes/expire", { body: { to } })).expired).toBe(1);
      const answer = await smsLogin(phone, code);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("time_up");
    });

    it("burns a code after 5 wrong answers", async () => {
      const { phone, to } = await registeredPhone();
      await send(phone);
      const code = await api.lastCode(to);
      const wrong = code === "111111" ? "222222" : "111111";
      for (let i = 0; i < 5; i++) expect((await smsLogin(phone, wrong)).body.error.code).toBe("wrong_code");
      expect((await smsLogin(phone, code)).body.error.code).toBe("time_up");
    });
  });

  describe("two-step login", () => {
    it("asks for the e-mailed code before it opens a session", async () => {
      const { userId, email, password } = await userWithPassword({ two_factor_enabled: true });
      const first = await api.login(email, password);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ result: { twoStepRequired: true, twoStepToken: expect.any(String) } });
      const { twoStepToken } = first.body.result;
      const [message] = await api.outbox(email);
      expect(message).toMatchObject({ channel: "email", to: email, code: expect.stringMatching(/^\d{6}$/) });
      const code = message!.code!;
      const wrong = code === "000000" ? "000001" : "000000";
      const ip = freshIp();
      await api.expectError("POST", "/web-api/auth/login/two-step", { ip, body: { twoStepToken, code: wrong } }, 400, "wrong_code");
      await api.expectError("POST", "/web-api/auth/login/two-step", { ip, body: { twoStepToken: "not-a-ticket", code } }, 400, "wrong_code");
      const ok = await api.expectOk("POST", "/web-api/auth/login/two-step", { ip, body: { twoStepToken, code, save: true } });
      expect(ok.result.userId).toBe(userId);
      expect(secondsUntil(ok.result.expiresAt)).toBeGreaterThan(29 * DAY);
      expect(await api.whoIs(ok.result.token)).toBe(userId);
      await api.expectError("POST", "/web-api/auth/login/two-step", { ip, body: { twoStepToken, code } }, 400, "wrong_code");
    });

    it("answers time_up after 5 minutes (aged by the hook)", async () => {
      const { email, password } = await userWithPassword({ two_factor_enabled: true });
      const { twoStepToken } = (await api.login(email, password)).body.result;
      const code = await api.lastCode(email);
      await api.expectOk("POST", "/__test/codes/expire", { body: { to: email } });
      await api.expectError("POST", "/web-api/auth/login/two-step", { ip: freshIp(), body: { twoStepToken, code } }, 400, "time_up");
    });

    it("retires the previous ticket when the user signs in again", async () => {
      const { email, password } = await userWithPassword({ two_factor_enabled: true });
      const old = (await api.login(email, password)).body.result.twoStepToken;
      const oldCode = await api.lastCode(email);
      const fresh = (await api.login(email, password)).body.result.twoStepToken;
      const freshCode = await api.lastCode(email);
      await api.expectError("POST", "/web-api/auth/login/two-step", { ip: freshIp(), body: { twoStepToken: old, code: oldCode } }, 400, "wrong_code");
      await api.expectOk("POST", "/web-api/auth/login/two-step", { ip: freshIp(), body: { twoStepToken: fresh, code: freshCode } });
    });
  });

  describe("login links", () => {
    const link = async (userId: number, ttlSeconds?: number) =>
      (await api.expectOk("POST", "/__test/login-tokens", { body: { userId, ttlSeconds } }, 201)) as {
        method_id: number;
        token: string;
        sign: string;
      };

    it("signs in once with a signed one-time token", async () => {
      const { userId } = await userWithPassword();
      const parts = await link(userId);
      expect(parts.sign).toMatch(/^[0-9a-f]{64}$/);
      // The site passes method_id as it came in the link: a string.
      const body = { method_id: String(parts.method_id), token: parts.token, sign: parts.sign, lng: "en" };
      const ok = await api.expectOk("POST", "/web-api/auth/login/token", { body });
      expect(ok.result.userId).toBe(userId);
      expect(await api.whoIs(ok.result.token)).toBe(userId);
      await api.expectError("POST", "/web-api/auth/login/token", { body }, 400, "wrong_code");
    });

    it("answers bad_sign for a changed token or signature, wrong_code for an unknown one", async () => {
      const { userId } = await userWithPassword();
      const parts = await link(userId);
      await api.expectError("POST", "/web-api/auth/login/token", { body: { ...parts, token: `${parts.token}x`, lng: "en" } }, 400, "bad_sign");
      await api.expectError("POST", "/web-api/auth/login/token", { body: { ...parts, sign: "0".repeat(64), lng: "en" } }, 400, "bad_sign");
      await api.expectError("POST", "/web-api/auth/login/token", { body: { ...parts, method_id: parts.method_id + 1, lng: "en" } }, 400, "bad_sign");
      // Correctly signed (the platform runs on the dev secret here) but issued by nobody.
      const token = "Z".repeat(43);
      await api.expectError(
        "POST",
        "/web-api/auth/login/token",
        { body: { method_id: 999_999, token, sign: loginLinkSign(DEV_PLATFORM_SECRET, 999_999, token), lng: "en" } },
        400,
        "wrong_code"
      );
      await api.expectError("POST", "/web-api/auth/login/token", { body: { method_id: "x", token: "t", sign: "s", lng: "en" } }, 400, "bad_request");
    });

    it("answers time_up for an expired link", async () => {
      const { userId } = await userWithPassword();
      const serverSeconds = async () => (await api.expectOk("GET", "/captcha-api/gettime")).time as number;
      const issuedAt = await serverSeconds();
      const parts = await link(userId, 1);
      // Until the platform's clock has passed the link's one second (a condition, not a fixed sleep).
      await eventually(async () => expect(await serverSeconds()).toBeGreaterThan(issuedAt + 1), 5_000);
      await api.expectError("POST", "/web-api/auth/login/token", { body: { ...parts, lng: "en" } }, 400, "time_up");
    });
  });

  describe("logout", () => {
    it("ends the session and its access tokens; the old token stops working", async () => {
      const { userId, email, password } = await userWithPassword();
      const { token } = (await api.login(email, password)).body.result;
      const other = (await api.login(email, password)).body.result.token;
      const access = (await api.expectOk("GET", "/web-api/user/gettoken?force_refresh=true", { token })).token;
      expect(await api.whoIs(access)).toBe(userId);
      expect(await api.expectOk("POST", "/web-api/auth/logout", { token })).toEqual({ result: true });
      expect(await api.whoIs(token)).toBeNull();
      expect(await api.whoIs(access)).toBeNull();
      await api.expectError("GET", "/web-api/user/config", { token }, 401, "unauthorized");
      await api.expectError("GET", "/web-api/user/config", { token: access }, 401, "unauthorized");
      // Other sessions of the user live on.
      expect(await api.whoIs(other)).toBe(userId);
    });

    it("is idempotent and answers 200 for any token or none", async () => {
      const { email, password } = await userWithPassword();
      const { token } = (await api.login(email, password)).body.result;
      expect(await api.expectOk("POST", "/web-api/auth/logout", { token })).toEqual({ result: true });
      expect(await api.expectOk("POST", "/web-api/auth/logout", { token })).toEqual({ result: true });
      expect(await api.expectOk("POST", "/web-api/auth/logout", { token: "garbage" })).toEqual({ result: true });
      expect(await api.expectOk("POST", "/web-api/auth/logout")).toEqual({ result: true });
    });

    it("ends the session when logging out with one of its access tokens", async () => {
      const { email, password } = await userWithPassword();
      const { token } = (await api.login(email, password)).body.result;
      const access = (await api.expectOk("GET", "/web-api/user/gettoken?force_refresh=true", { token })).token;
      await api.expectOk("POST", "/web-api/auth/logout", { token: access });
      expect(await api.whoIs(token)).toBeNull();
    });
  });

  describe("access tokens", () => {
    it("mints a 10-minute token tied to the session; every bearer API takes it", async () => {
      const { userId, email, password } = await userWithPassword();
      const { token } = (await api.login(email, password)).body.result;
      const mint = await stamped(() => api.expectOk("GET", "/web-api/user/gettoken?force_refresh=true", { token }));
      const minted = mint.answer;
      expect(minted).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
      expect(minted.token).not.toBe(token);
      expectExpiry(minted.expiresAt, 600, mint);
      const again = await api.expectOk("GET", "/web-api/user/gettoken?force_refresh=true", { token });
      expect(again.token).not.toBe(minted.token);
      expect(await api.whoIs(minted.token)).toBe(userId);
      expect((await api.expectOk("GET", "/web-api/user/config", { token: minted.token })).result.user_id).toBe(userId);
      expect((await api.expectOk("GET", "/web-api/auth/rights", { token: minted.token })).result).toContain("bet");
      await api.expectOk("GET", "/web-api/user/block-appeals", { token: minted.token });
      await api.expectOk("GET", "/web-api/api-v3/v2/user/agreement-rules/status", { token: minted.token });
    });

    it("answers 401 unauthorized once an access token has expired", async () => {
      const { email, password } = await userWithPassword();
      const { token } = (await api.login(email, password)).body.result;
      const access = (await api.expectOk("GET", "/web-api/user/gettoken?force_refresh=true", { token })).token;
      await api.expectOk("POST", `/__test/access-tokens/${access}/expire`);
      const error = await api.expectError("GET", "/web-api/user/config", { token: access }, 401, "unauthorized");
      expect(error.code).toBe("unauthorized");
      expect(await api.whoIs(access)).toBeNull();
      // The session itself still mints new ones.
      const fresh = (await api.expectOk("GET", "/web-api/user/gettoken?force_refresh=true", { token })).token;
      await api.expectOk("GET", "/web-api/user/config", { token: fresh });
    });

    it("refuses gettoken without a live session token", async () => {
      const { email, password } = await userWithPassword();
      const { token } = (await api.login(email, password)).body.result;
      const access = (await api.expectOk("GET", "/web-api/user/gettoken", { token })).token;
      for (const bad of [undefined, "garbage", "A".repeat(43), access]) {
        await api.expectError("GET", "/web-api/user/gettoken?force_refresh=true", { token: bad }, 401, "unauthorized");
      }
      await api.expectError("GET", "/web-api/user/gettoken?force_refresh=maybe", { token }, 400, "bad_request");
    });

    it("dies with an expired session, and the session check then says nobody", async () => {
      const { userId, email, password } = await userWithPassword();
      const { token } = (await api.login(email, password)).body.result;
      const access = (await api.expectOk("GET", "/web-api/user/gettoken?force_refresh=true", { token })).token;
      expect(await api.whoIs(token)).toBe(userId);
      await api.expectOk("POST", `/__test/sessions/${token}/expire`);
      expect(await api.whoIs(token)).toBeNull();
      expect(await api.whoIs(access)).toBeNull();
      await api.expectError("GET", "/web-api/user/gettoken?force_refresh=true", { token }, 401, "unauthorized");
      await api.expectError("POST", `/__test/sessions/${"B".repeat(43)}/expire`, {}, 404, "not_found");
    });
  });

  describe("rights", () => {
    it("gives players bet, deposit and withdraw, takes bet from banned ones, adds ops", async () => {
      const player = await api.createUser({});
      const banned = await api.createUser({ ban_level: 1 });
      const ops = await api.createUser({ roles: ["ops"] });
      expect(await api.expectOk("GET", "/web-api/auth/rights", { token: player.token })).toEqual({ result: ["bet", "deposit", "withdraw"] });
      expect(await api.expectOk("GET", "/web-api/auth/rights", { token: banned.token })).toEqual({ result: ["deposit", "withdraw"] });
      expect(await api.expectOk("GET", "/web-api/auth/rights", { token: ops.token })).toEqual({ result: ["ops"] });
      await api.expectError("GET", "/web-api/auth/rights", {}, 401, "unauthorized");
    });
  });

  describe("user config", () => {
    it("carries the account's contact, activation, mailing, bonus and currency fields", async () => {
      const email = `${unique("cfg")}@example.com`;
      const phone = freshPhone();
      const { userId, token } = await api.createUser({ email, phone_number: phone, phone_code: "7", two_factor_enabled: true, activation_type: 2 });
      const { result } = await api.expectOk("GET", "/web-api/user/config", { token });
      expect(result).toMatchObject({
        user_id: userId,
        user_email: email,
        phone_number: phone,
        phone_code: "7",
        activation_type: 2,
        email_activated: false,
        phone_activated: false,
        two_factor_enabled: true,
        enable_mail_news: true,
        enable_mail_deposit: true,
        enable_mail_bets: true,
        enable_sms_news: true,
        bonus_type: null,
        currency: null,
        user_data: {},
      });
    });
  });

  describe("test hooks for auth", () => {
    it("refuses a duplicate phone and two-step without an address", async () => {
      const phone = freshPhone();
      await api.createUser({ phone_number: phone, phone_code: "7" });
      await api.expectError("POST", "/__test/users", { body: { phone_number: phone, phone_code: "7" } }, 409, "conflict");
      await api.expectError("POST", "/__test/users", { body: { two_factor_enabled: true } }, 400, "bad_request");
      await api.expectError("POST", "/__test/users", { body: { phone_number: phone } }, 400, "bad_request");
    });
  });
});
