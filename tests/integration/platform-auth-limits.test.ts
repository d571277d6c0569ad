import { describe, expect, it } from "vitest";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";
import { authClient, freshIp, unique } from "./platform-auth-client";

describe.each(databases)("platform captcha and rate limits on %s", (db) => {
  const stack = platformStack(db);
  const api = authClient(() => stack.platformUrl);

  const account = async () => {
    const email = `${unique("limit")}@example.com`;
    const { userId } = await api.createUser({ email, password: "Secret123" });
    return { userId, email, password: "Secret123" };
  };

  describe("captcha API", () => {
    it("serves an SVG picture of a 5-character code, valid 120 s", async () => {
      const captcha = await api.expectOk("GET", "/captcha-api/update", { ip: freshIp() });
      expect(captcha).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        image: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        time: 120,
      });
      const svg = Buffer.from(captcha.image.split(",")[1], "base64").toString("utf8");
      expect(svg).toMatch(/^<svg /);
      expect(svg).not.toMatch(/<text/);
      const { answer } = await api.expectOk("GET", `/__test/captcha/${captcha.id}`);
      expect(answer).toMatch(/^[A-Z2-9]{5}$/);
      expect(svg).not.toContain(answer);
    });

    it("tells the server time in unix seconds", async () => {
      const asked = Math.floor(Date.now() / 1000);
      const { time } = await api.expectOk("GET", "/captcha-api/gettime");
      // Read between the question and the answer, on this machine's clock.
      expect(time).toBeGreaterThanOrEqual(asked);
      expect(time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    });

    it("solves with the right answer (any case) once, and gives one try per picture", async () => {
      const ip = freshIp();
      const right = await api.expectOk("GET", "/captcha-api/update", { ip });
      const { answer } = await api.expectOk("GET", `/__test/captcha/${right.id}`);
      const solved = await api.expectOk("POST", "/captcha-api/validate", { ip, body: { id: right.id, answer: answer.toLowerCase() } });
      expect(solved).toEqual({ type: 0, time: 300, error_message: null, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      expect(await api.expectOk("POST", "/captcha-api/validate", { ip, body: { id: right.id, answer } })).toMatchObject({
        type: 1,
        error_message: expect.any(String),
      });

      const wrong = await api.expectOk("GET", "/captcha-api/update", { ip });
      const reply = await api.expectOk("POST", "/captcha-api/validate", { ip, body: { id: wrong.id, answer: "-----" } });
      expect(reply).toEqual({ type: 1, time: 0, error_message: "Wrong captcha answer" });
      const { answer: wrongAnswer } = await api.expectOk("GET", `/__test/captcha/${wrong.id}`);
      expect((await api.expectOk("POST", "/captcha-api/validate", { ip, body: { id: wrong.id, answer: wrongAnswer } })).type).toBe(1);
      expect((await api.expectOk("POST", "/captcha-api/validate", { ip, body: { id: "unknown", answer: "x" } })).type).toBe(1);
      await api.expectError("POST", "/captcha-api/validate", { ip, body: { id: right.id } }, 400, "bad_request");
    });

    it("answers type 2 to a client after 5 wrong answers, and only to that client", async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        const { id } = await api.expectOk("GET", "/captcha-api/update", { ip });
        expect((await api.expectOk("POST", "/captcha-api/validate", { ip, body: { id, answer: "-----" } })).type).toBe(1);
      }
      const { id } = await api.expectOk("GET", "/captcha-api/update", { ip });
      const { answer } = await api.expectOk("GET", `/__test/captcha/${id}`);
      const reply = await api.expectOk("POST", "/captcha-api/validate", { ip, body: { id, answer } });
      expect(reply).toMatchObject({ type: 2, error_message: expect.any(String) });
      expect(reply.time).toBeGreaterThan(0);
      expect(reply.token).toBeUndefined();
      // Another client solves as usual.
      await api.solvedCaptcha(freshIp());
    });
  });

  describe("captcha pictures", () => {
    it("gives one client at most 100 pictures in 10 minutes", async () => {
      const ip = freshIp();
      const statuses = await Promise.all(Array.from({ length: 101 }, () => api.call("GET", "/captcha-api/update", { ip }).then((a) => a.status)));
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      const limited = await api.call("GET", "/captcha-api/update", { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: expect.any(Number) });
      expect((await api.call("GET", "/captcha-api/update", { ip: freshIp() })).status).toBe(200);
    });
  });

  describe("captcha on password logins", () => {
    it("asks one visitor for a captcha after 3 failures on a login, and no other visitor", async () => {
      const { email, password, userId } = await account();
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await api.login(email, "Wrong1234", { ip })).body.error.code).toBe("wrong_credentials");
      // Even the right password now needs a captcha: 1007 without one, 1008 with a bad one.
      const required = await api.login(email, password, { ip });
      expect(required.status).toBe(400);
      expect(required.body).toEqual({ error: { code: "captcha_required", captchaCode: 1007, message: expect.any(String) } });
      const wrongToken = await api.login(email, password, { ip, captcha: "A".repeat(43) });
      expect(wrongToken.status).toBe(400);
      expect(wrongToken.body.error).toMatchObject({ code: "captcha_required", captchaCode: 1008 });
      expect((await api.login(email, password, { ip, captcha: "garbage" })).body.error.captchaCode).toBe(1008);

      // Another visitor signs in to the same account with no captcha.
      expect((await api.login(email, password, { ip: freshIp() })).status).toBe(200);

      const ok = await api.login(email, password, { ip, captcha: await api.solvedCaptcha(ip) });
      expect(ok.status).toBe(200);
      expect(ok.body.result.userId).toBe(userId);
      // A success forgets this login's failures from this address: the next login needs no captcha.
      expect((await api.login(email, password, { ip })).status).toBe(200);
    });

    it("uses a captcha token once, and a wrong password with a solved captcha still counts", async () => {
      const { email, password } = await account();
      const ip = freshIp();
      for (let i = 0; i < 3; i++) await api.login(email, "Wrong1234", { ip });
      const captcha = await api.solvedCaptcha(ip);
      expect((await api.login(email, "Wrong1234", { ip, captcha })).body.error.code).toBe("wrong_credentials");
      expect((await api.login(email, password, { ip, captcha })).body.error).toMatchObject({ code: "captcha_required", captchaCode: 1008 });
      expect((await api.login(email, password, { ip, captcha: await api.solvedCaptcha(ip) })).status).toBe(200);
    });

    it("asks for a captcha after 3 failures from one address, for any account", async () => {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) await api.login(`${unique("ghost")}@example.com`, "Wrong1234", { ip });
      const { email, password } = await account();
      expect((await api.login(email, password, { ip })).body.error).toMatchObject({ code: "captcha_required", captchaCode: 1007 });
      expect((await api.login(email, password, { ip: freshIp() })).status).toBe(200);
      expect((await api.login(email, password, { ip, captcha: await api.solvedCaptcha(ip) })).status).toBe(200);
    });

    it("asks every address for a captcha once a login failed 30 times from anywhere, but locks nobody out", async () => {
      const { email, password } = await account();
      // 3 addresses x 10 failures: each address reaches its own limit for this login.
      for (let n = 0; n < 3; n++) {
        const ip = freshIp();
        for (let i = 0; i < 10; i++) {
          const captcha = i >= 3 ? await api.solvedCaptcha(ip) : undefined;
          expect((await api.login(email, "Wrong1234", { ip, captcha })).body.error.code).toBe("wrong_credentials");
        }
      }
      const ip = freshIp();
      expect((await api.login(email, password, { ip })).body.error).toMatchObject({ code: "captcha_required", captchaCode: 1007 });
      expect((await api.login(email, password, { ip, captcha: await api.solvedCaptcha(ip) })).status).toBe(200);
    });

    it("does not count logins still in progress as failures", async () => {
      const { email, password } = await account();
      const ip = freshIp();
      // Six right passwords at once from one address: none of them failed, so none needs a captcha.
      const answers = await Promise.all(Array.from({ length: 6 }, () => api.login(email, password, { ip })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    });

    it("applies to phone logins too", async () => {
      const phone = `9${Date.now().toString().slice(-9)}`;
      await api.createUser({ phone_number: phone, phone_code: "7", password: "Secret123" });
      const body = { phone_number: phone, country_code: "7", uPassword: "Wrong1234" };
      const ip = freshIp();
      for (let i = 0; i < 3; i++) await api.expectError("POST", "/web-api/auth/login/phone", { ip, body }, 400, "wrong_credentials");
      const error = await api.expectError("POST", "/web-api/auth/login/phone", { ip, body: { ...body, uPassword: "Secret123" } }, 400, "captcha_required");
      expect(error.captchaCode).toBe(1007);
      await api.expectOk("POST", "/web-api/auth/login/phone", { ip: freshIp(), body: { ...body, uPassword: "Secret123" } });
    });
  });

  describe("login rate limits", () => {
    /** Ten failures of one login from one address (captchas solved from the 4th on). */
    const failTenTimes = async (email: string, ip: string) => {
      for (let i = 0; i < 10; i++) {
        const captcha = i >= 3 ? await api.solvedCaptcha(ip) : undefined;
        expect((await api.login(email, "Wrong1234", { ip, captcha })).body.error.code, `attempt ${i + 1}`).toBe("wrong_credentials");
      }
    };

    it("allows 10 failures of a login from one address in 15 minutes, then 429 there even for the right password, across a restart", async () => {
      const { email, password } = await account();
      const ip = freshIp();
      await failTenTimes(email, ip);
      const limited = await api.login(email, password, { ip, captcha: await api.solvedCaptcha(ip) });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: expect.any(Number) });
      expect(limited.body.error.retryAfterSeconds).toBeGreaterThan(800);
      expect(limited.body.error.retryAfterSeconds).toBeLessThanOrEqual(900);
      expect(limited.headers.get("retry-after")).toBe(String(limited.body.error.retryAfterSeconds));
      // The owner, on another address, is not locked out.
      expect((await api.login(email, password, { ip: freshIp() })).status).toBe(200);

      await stack.stopPlatform();
      await stack.startPlatform();
      const after = await api.login(email, password, { ip });
      expect(after.status).toBe(429);
      expect(after.body.error.code).toBe("rate_limited");
    });

    it("allows 30 failures per address in 15 minutes, then 429 for every account from it", async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i++) {
        const captcha = i >= 3 ? await api.solvedCaptcha(ip) : undefined;
        expect((await api.login(`${unique("spray")}@example.com`, "Wrong1234", { ip, captcha })).body.error.code, `attempt ${i + 1}`).toBe(
          "wrong_credentials"
        );
      }
      const { email, password } = await account();
      const limited = await api.login(email, password, { ip, captcha: await api.solvedCaptcha(ip) });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe("rate_limited");
      expect((await api.login(email, password, { ip: freshIp() })).status).toBe(200);
    });

    it("holds the limit when many wrong guesses arrive at once", async () => {
      const { email } = await account();
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: 15 }, () => api.login(email, "Wrong1234", { ip })));
      const codes = answers.map((a) => a.body.error.code);
      // At most 10 guesses ever reach the password check.
      expect(codes.filter((c) => c === "wrong_credentials").length).toBeLessThanOrEqual(10);
      expect(codes.filter((c) => c === "wrong_credentials").length).toBeGreaterThanOrEqual(3);
      expect(codes.every((c) => ["wrong_credentials", "captcha_required", "rate_limited"].includes(c))).toBe(true);
    });

    it("gives a success's slot back: 40 good logins from one address never lock it", async () => {
      const { email, password } = await account();
      const ip = freshIp();
      for (let i = 0; i < 2; i++) await api.login(`${unique("typo")}@example.com`, "Wrong1234", { ip });
      for (let i = 0; i < 40; i++) expect((await api.login(email, password, { ip })).status, `login ${i + 1}`).toBe(200);
      // The two failures are still there; the successes took nothing: a third failure is allowed
      // without a captcha, the fourth attempt needs one.
      expect((await api.login(`${unique("typo")}@example.com`, "Wrong1234", { ip })).body.error.code).toBe("wrong_credentials");
      expect((await api.login(email, password, { ip })).body.error.code).toBe("captcha_required");
    });

    it("gives back the failures a success proves were the owner's typos, there and in the address's count", async () => {
      const { email, password } = await account();
      const ip = freshIp();
      for (let i = 0; i < 2; i++) expect((await api.login(email, "Wrong1234", { ip })).body.error.code).toBe("wrong_credentials");
      expect((await api.login(email, password, { ip })).status).toBe(200);
      // Had the two typos stayed on the address's count, the second of these would need a captcha.
      for (let i = 0; i < 3; i++) {
        expect((await api.login(`${unique("other")}@example.com`, "Wrong1234", { ip })).body.error.code, `other login ${i + 1}`).toBe("wrong_credentials");
      }
      // Three failures from the address now: the next attempt, on any login, needs one.
      expect((await api.login(`${unique("other")}@example.com`, "Wrong1234", { ip })).body.error.code).toBe("captcha_required");
    });

    it("closes a window after its length: the counters start afresh", async () => {
      const { email, password } = await account();
      const ip = freshIp();
      await failTenTimes(email, ip);
      expect((await api.login(email, password, { ip, captcha: await api.solvedCaptcha(ip) })).status).toBe(429);
      // 14 minutes on, the window still holds...
      await api.expectOk("POST", "/__test/rate-limits/age", { body: { seconds: 14 * 60 } });
      expect((await api.login(email, password, { ip, captcha: await api.solvedCaptcha(ip) })).status).toBe(429);
      // ...past 15 minutes it is gone: no lock, no captcha.
      await api.expectOk("POST", "/__test/rate-limits/age", { body: { seconds: 61 } });
      expect((await api.login(email, password, { ip })).status).toBe(200);
    });

    it("lets the test hook clear the counters", async () => {
      const { email, password } = await account();
      const ip = freshIp();
      for (let i = 0; i < 3; i++) await api.login(email, "Wrong1234", { ip });
      expect((await api.login(email, password, { ip })).body.error.code).toBe("captcha_required");
      await api.expectOk("DELETE", "/__test/rate-limits");
      expect((await api.login(email, password, { ip })).status).toBe(200);
    });
  });

  describe("registration and code-check limits", () => {
    const oneClick = (ip: string) =>
      api.call("POST", "/web-api/registration", { ip, body: { type: "one_click", currency: "RUB", country_code: "RU", bonus_choice: 0, lng: "ru" } });

    it("allows 10 registrations per address an hour", async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) expect((await oneClick(ip)).status, `registration ${i + 1}`).toBe(201);
      const limited = await oneClick(ip);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe("rate_limited");
      expect(limited.body.error.retryAfterSeconds).toBeGreaterThan(3_500);
      expect((await oneClick(freshIp())).status).toBe(201);
    });

    it("closes the registration window after an hour", async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) expect((await oneClick(ip)).status, `registration ${i + 1}`).toBe(201);
      expect((await oneClick(ip)).status).toBe(429);
      await api.expectOk("POST", "/__test/rate-limits/age", { body: { seconds: 3_601 } });
      expect((await oneClick(ip)).status).toBe(201);
    });

    it("gives a correct code's slot back", async () => {
      const ip = freshIp();
      const reset = (login: string, code: string) => api.call("POST", "/web-api/user/password/reset", { ip, body: { login, code, password: "NewSecret1" } });
      for (let i = 0; i < 19; i++) expect((await reset(`${unique("guess")}@example.com`, "123456")).body.error.code).toBe("wrong_code");
      const { email } = await account();
      await api.expectOk("POST", "/web-api/user/password/forgot", { ip, body: { login: email } });
      expect((await reset(email, await api.lastCode(email))).status).toBe(200);
      // The right code took no slot: the 20th wrong code is still allowed, the 21st is not.
      expect((await reset(`${unique("guess")}@example.com`, "123456")).body.error.code).toBe("wrong_code");
      expect((await reset(`${unique("guess")}@example.com`, "123456")).status).toBe(429);
    });

    it("allows 20 wrong codes per address an hour", async () => {
      const ip = freshIp();
      const reset = (login: string) =>
        api.call("POST", "/web-api/user/password/reset", { ip, body: { login, code: "123456", password: "NewSecret1" } });
      for (let i = 0; i < 20; i++) expect((await reset(`${unique("guess")}@example.com`)).body.error.code).toBe("wrong_code");
      const limited = await reset(`${unique("guess")}@example.com`);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe("rate_limited");
      // The limit is the address's: other addresses check codes as usual.
      const other = await api.call("POST", "/web-api/user/password/reset", {
        ip: freshIp(),
        body: { login: "nobody@example.com", code: "123456", password: "NewSecret1" },
      });
      expect(other.body.error.code).toBe("wrong_code");
      // Activation and SMS codes share the allowance.
      const activation = await api.call("POST", "/web-api/user/activate/link", { ip, body: { userId: 999_999, type: "email", code: "123456" } });
      expect(activation.status).toBe(429);
    });
  });
});
