import { describe, expect, it } from "vitest";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";
import { authClient, freshIp, freshPhone, secondsUntil, unique } from "./platform-auth-client";

const common = { currency: "EUR", country_code: "DE", bonus_choice: 1, lng: "de" };
const adultBirthday = "1990-04-05";

describe.each(databases)("platform registration, activation and recovery on %s", (db) => {
  const stack = platformStack(db);
  const api = authClient(() => stack.platformUrl);

  const register = (body: Record<string, unknown>, ip = freshIp()) => api.call("POST", "/web-api/registration", { ip, body });
  const config = async (token: string) => (await api.expectOk("GET", "/web-api/user/config", { token })).result;
  const fullReg = (extra: Record<string, unknown> = {}) => ({
    type: "full_reg",
    ...common,
    email: `${unique("full")}@example.com`,
    password: "Secret123",
    phone_number: freshPhone(),
    phone_code: "7",
    name: "Anna",
    surname: "Schmidt",
    date_birthday: adultBirthday,
    ...extra,
  });

  describe("registration", () => {
    it("fast_reg: e-mail and password, an e-mail activation code, a session", async () => {
      const email = `${unique("Fast")}@Example.com`;
      const answer = await register({ type: "fast_reg", ...common, email, password: "Secret123", promocode: "WELCOME" });
      expect(answer.status).toBe(201);
      const result = answer.body.result;
      expect(result).toEqual({
        userId: expect.any(Number),
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: expect.any(String),
        login: email.toLowerCase(),
        activation: "email",
      });
      expect(secondsUntil(result.expiresAt)).toBeGreaterThan(86_000);
      expect(await api.whoIs(result.token)).toBe(result.userId);
      expect(await config(result.token)).toMatchObject({
        user_email: email.toLowerCase(),
        activation_type: 1,
        email_activated: false,
        currency: "EUR",
        bonus_type: 1,
        user_country_code: "DE",
        roles: ["player"],
      });
      // Terms were accepted by registering.
      expect((await api.expectOk("GET", "/web-api/api-v3/v2/user/agreement-rules/status", { token: result.token })).result).toBe(false);
      const [message] = await api.outbox(email.toLowerCase());
      expect(message).toMatchObject({ channel: "email", code: expect.stringMatching(/^\d{6}$/) });
      expect(message!.body).toContain(`/de/user/activate?type=email&userId=${result.userId}&code=${message!.code}`);
      expect((await api.login(email, "Secret123")).body.result.userId).toBe(result.userId);
    });

    it("phone_reg: phone and password, an SMS activation code", async () => {
      const phone = freshPhone();
      const answer = await register({ type: "phone_reg", ...common, phone_number: phone, phone_code: "7", password: "Secret123" });
      expect(answer.status).toBe(201);
      expect(answer.body.result).toMatchObject({ login: `+7${phone}`, activation: "phone" });
      expect(await config(answer.body.result.token)).toMatchObject({ phone_number: phone, phone_code: "7", activation_type: 3, user_email: null });
      expect((await api.outbox(`+7${phone}`))[0]).toMatchObject({ channel: "sms", code: expect.stringMatching(/^\d{6}$/) });
      const byPhone = await api.expectOk("POST", "/web-api/auth/login/phone", {
        ip: freshIp(),
        body: { phone_number: phone, country_code: "7", uPassword: "Secret123" },
      });
      expect(byPhone.result.userId).toBe(answer.body.result.userId);
      expect((await api.login(`+7${phone}`, "Secret123")).status).toBe(200);
    });

    it("full_reg: everything, both activations, personal data stored", async () => {
      const body = fullReg({ name: " Anna ", promocode: "" });
      const answer = await register(body);
      expect(answer.status).toBe(201);
      expect(answer.body.result.activation).toBe("both");
      expect(answer.body.result.password).toBeUndefined();
      expect(await config(answer.body.result.token)).toMatchObject({
        activation_type: 2,
        user_data: { name: "Anna", surname: "Schmidt", date_birthday: adultBirthday },
      });
      expect(await api.outbox(body.email as string)).toHaveLength(1);
      expect(await api.outbox(`+7${body.phone_number}`)).toHaveLength(1);
    });

    it("one_click: the account number as login and a password shown once that signs in", async () => {
      const answer = await register({ type: "one_click", ...common, bonus_choice: 2 });
      expect(answer.status).toBe(201);
      const { userId, login, password, activation, token } = answer.body.result;
      expect(login).toBe(String(userId));
      expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(activation).toBe("none");
      expect(await config(token)).toMatchObject({ user_name: String(userId), activation_type: 0, bonus_type: 2, user_email: null });
      const signedIn = await api.login(login, password);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.result.userId).toBe(userId);
      expect(signedIn.body.result.token).not.toBe(token);
    });

    it.each([
      ["an unknown type", { type: "vip_reg", ...common }],
      ["a bad currency", { type: "one_click", ...common, currency: "EURO" }],
      ["a bad country", { type: "one_click", ...common, country_code: "DEU" }],
      ["bonus_choice 3", { type: "one_click", ...common, bonus_choice: 3 }],
      ["no language", { type: "one_click", currency: "EUR", country_code: "DE", bonus_choice: 0 }],
      ["fast_reg without e-mail", { type: "fast_reg", ...common, password: "Secret123" }],
      ["a bad e-mail", { type: "fast_reg", ...common, email: "not-an-email", password: "Secret123" }],
      ["phone_reg with a + in the number", { type: "phone_reg", ...common, phone_number: "+79001234567", phone_code: "7", password: "Secret123" }],
      ["an unknown dialing code", { type: "phone_reg", ...common, phone_number: "9001234567", phone_code: "999", password: "Secret123" }],
      ["a number too short for its code", { type: "phone_reg", ...common, phone_number: "90012345", phone_code: "7", password: "Secret123" }],
      [
        "a birthday that is no date",
        {
          ...{ type: "full_reg", ...common },
          email: "x@example.com",
          password: "Secret123",
          phone_number: "9001234567",
          phone_code: "7",
          name: "A",
          surname: "B",
          date_birthday: "1990-02-30",
        },
      ],
      [
        "full_reg without a surname",
        {
          type: "full_reg",
          ...common,
          email: "y@example.com",
          password: "Secret123",
          phone_number: "9001234567",
          phone_code: "7",
          name: "A",
          date_birthday: adultBirthday,
        },
      ],
      [
        "a name with digits",
        {
          type: "full_reg",
          ...common,
          email: "z@example.com",
          password: "Secret123",
          phone_number: "9001234567",
          phone_code: "7",
          name: "R2D2",
          surname: "B",
          date_birthday: adultBirthday,
        },
      ],
      ["not JSON", "type=one_click"],
    ])("refuses %s with 400 bad_request", async (_what, body) => {
      const answer = await api.call("POST", "/web-api/registration", { ip: freshIp(), body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.code).toBe("bad_request");
    });

    it.each([
      ["7 characters", "Secre12"],
      ["65 characters", `S1${"x".repeat(63)}`],
      ["no digit", "SecretSecret"],
      ["no letter", "12345678"],
    ])("refuses a password of %s with weak_password and writes nothing", async (_what, password) => {
      const email = `${unique("weak")}@example.com`;
      const answer = await register({ type: "fast_reg", ...common, email, password });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("weak_password");
      expect(await api.outbox(email)).toEqual([]);
      expect((await register({ type: "fast_reg", ...common, email, password: "Secret123" })).status).toBe(201);
    });

    it("refuses a full registration under 18 with underage", async () => {
      const today = new Date();
      const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
      const answer = await register(fullReg({ date_birthday: seventeen }));
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("underage");
    });

    it("refuses a taken e-mail (any case) and a taken phone with 409, writing nothing", async () => {
      const email = `${unique("dup")}@example.com`;
      const phone = freshPhone();
      expect((await register({ type: "fast_reg", ...common, email, password: "Secret123" })).status).toBe(201);
      const again = await register({ type: "fast_reg", ...common, email: email.toUpperCase(), password: "Secret123" });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("email_taken");
      expect((await register({ type: "phone_reg", ...common, phone_number: phone, phone_code: "7", password: "Secret123" })).status).toBe(201);
      const phoneAgain = await register(fullReg({ phone_number: phone }));
      expect(phoneAgain.status).toBe(409);
      expect(phoneAgain.body.error.code).toBe("phone_taken");
      // The refused full registration left no account with its e-mail behind.
      const fullEmail = `${unique("after")}@example.com`;
      expect((await register(fullReg({ email: fullEmail, phone_number: phone }))).status).toBe(409);
      expect((await register({ type: "fast_reg", ...common, email: fullEmail, password: "Secret123" })).status).toBe(201);
    });

    it("lets only one of two simultaneous registrations of an e-mail through", async () => {
      const email = `${unique("race")}@example.com`;
      const answers = await Promise.all([0, 1, 2].map(() => register({ type: "fast_reg", ...common, email, password: "Secret123" })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    });

    it("answers 403 registration_closed while the site config closes registration", async () => {
      await api.expectOk("PUT", "/__test/config/registration", { body: { value: { allowed: false, customConfig: false } } });
      try {
        const answer = await register({ type: "one_click", ...common });
        expect(answer.status).toBe(403);
        expect(answer.body.error.code).toBe("registration_closed");
      } finally {
        await api.expectOk("PUT", "/__test/config/registration", { body: { value: { allowed: true, customConfig: false } } });
      }
      expect((await register({ type: "one_click", ...common })).status).toBe(201);
    });
  });

  describe("one-click credentials by e-mail", () => {
    it("relays the account's own login and password to the outbox", async () => {
      const { token, login, password } = (await register({ type: "one_click", ...common })).body.result;
      const email = `${unique("creds")}@example.com`;
      expect(await api.expectOk("POST", "/web-api/registration/credentials-email", { token, body: { email, login, password } })).toEqual({
        result: true,
      });
      const [message] = await api.outbox(email);
      expect(message).toMatchObject({ channel: "email", to: email });
      expect(message!.body).toContain(login);
      expect(message!.body).toContain(password);
    });

    it("refuses other credentials, other accounts and guests", async () => {
      const { token, login, password } = (await register({ type: "one_click", ...common })).body.result;
      const email = `${unique("creds")}@example.com`;
      await api.expectError(
        "POST",
        "/web-api/registration/credentials-email",
        { token, body: { email, login, password: "Other1234" } },
        403,
        "forbidden"
      );
      await api.expectError("POST", "/web-api/registration/credentials-email", { token, body: { email, login: "1", password } }, 403, "forbidden");
      const fast = (await register({ type: "fast_reg", ...common, email: `${unique("f")}@example.com`, password: "Secret123" })).body.result;
      await api.expectError(
        "POST",
        "/web-api/registration/credentials-email",
        { token: fast.token, body: { email, login: String(fast.userId), password: "Secret123" } },
        403,
        "forbidden"
      );
      await api.expectError("POST", "/web-api/registration/credentials-email", { body: { email, login, password } }, 401, "unauthorized");
      await api.expectError(
        "POST",
        "/web-api/registration/credentials-email",
        { token, body: { email: "nope", login, password } },
        400,
        "bad_request"
      );
      expect(await api.outbox(email)).toEqual([]);
    });
  });

  describe("activation", () => {
    it("confirms the e-mail with its code; wrong codes are wrong_code", async () => {
      const email = `${unique("act")}@example.com`;
      const { token } = (await register({ type: "fast_reg", ...common, email, password: "Secret123" })).body.result;
      expect(await api.expectOk("GET", "/web-api/user/activation-status", { token })).toEqual({
        result: { email: false, phone: false, activation_type: 1 },
      });
      const code = await api.lastCode(email);
      const wrong = code === "000000" ? "000001" : "000000";
      await api.expectError("POST", "/web-api/user/activate", { token, ip: freshIp(), body: { type: "email", code: wrong } }, 400, "wrong_code");
      await api.expectError("POST", "/web-api/user/activate", { token, ip: freshIp(), body: { type: "phone", code } }, 400, "not_required");
      expect(await api.expectOk("POST", "/web-api/user/activate", { token, ip: freshIp(), body: { type: "email", code } })).toEqual({
        result: { activated: true, remaining: "none" },
      });
      expect(await api.expectOk("GET", "/web-api/user/activation-status", { token })).toEqual({
        result: { email: true, phone: false, activation_type: 1 },
      });
      expect((await config(token)).email_activated).toBe(true);
      // Confirming again is still a success.
      expect((await api.expectOk("POST", "/web-api/user/activate", { token, ip: freshIp(), body: { type: "email", code } })).result.activated).toBe(
        true
      );
      await api.expectError("POST", "/web-api/user/activate", { ip: freshIp(), body: { type: "email", code } }, 401, "unauthorized");
    });

    it("confirms both channels of a full registration, the phone by link without a session", async () => {
      const body = fullReg();
      const { token, userId } = (await register(body)).body.result;
      const emailCode = await api.lastCode(body.email as string);
      const phoneCode = await api.lastCode(`+7${body.phone_number}`);
      expect(
        (await api.expectOk("POST", "/web-api/user/activate", { token, ip: freshIp(), body: { type: "email", code: emailCode } })).result
      ).toEqual({
        activated: true,
        remaining: "phone",
      });
      await api.expectError(
        "POST",
        "/web-api/user/activate/link",
        { ip: freshIp(), body: { userId, type: "phone", code: emailCode === phoneCode ? "000000" : emailCode } },
        400,
        "wrong_code"
      );
      expect(
        (
          await api.expectOk("POST", "/web-api/user/activate/link", {
            ip: freshIp(),
            body: { userId: String(userId), type: "phone", code: phoneCode },
          })
        ).result
      ).toEqual({
        activated: true,
        remaining: "none",
      });
      expect(await api.expectOk("GET", "/web-api/user/activation-status", { token })).toEqual({
        result: { email: true, phone: true, activation_type: 2 },
      });
      await api.expectError(
        "POST",
        "/web-api/user/activate/link",
        { ip: freshIp(), body: { userId: 999_999, type: "email", code: "123456" } },
        400,
        "wrong_code"
      );
    });

    it("answers time_up after 24 hours (aged by the hook)", async () => {
      const email = `${unique("late")}@example.com`;
      const { token } = (await register({ type: "fast_reg", ...common, email, password: "Secret123" })).body.result;
      const code = await api.lastCode(email);
      await api.expectOk("POST", "/__test/codes/expire", { body: { to: email } });
      await api.expectError("POST", "/web-api/user/activate", { token, ip: freshIp(), body: { type: "email", code } }, 400, "time_up");
    });

    it("resends a new code (the old one retires), at most once a minute", async () => {
      const email = `${unique("again")}@example.com`;
      const { token } = (await register({ type: "fast_reg", ...common, email, password: "Secret123" })).body.result;
      const first = await api.lastCode(email);
      expect(await api.expectOk("POST", "/web-api/user/activate/resend", { token, body: { type: "email" } })).toEqual({
        result: true,
        resendAfterSeconds: 60,
      });
      const second = (await api.outbox(email))[0]!.code!;
      expect(await api.outbox(email)).toHaveLength(2);
      await api.expectError("POST", "/web-api/user/activate/resend", { token, body: { type: "email" } }, 429, "rate_limited");
      await api.expectError("POST", "/web-api/user/activate/resend", { token, body: { type: "phone" } }, 400, "not_required");
      if (first !== second)
        await api.expectError("POST", "/web-api/user/activate", { token, ip: freshIp(), body: { type: "email", code: first } }, 400, "wrong_code");
      await api.expectOk("POST", "/web-api/user/activate", { token, ip: freshIp(), body: { type: "email", code: second } });
    });
  });

  describe("password reset", () => {
    const resetAccount = async () => {
      const email = `${unique("reset")}@example.com`;
      const phone = freshPhone();
      const { userId } = await api.createUser({ email, password: "OldSecret1", phone_number: phone, phone_code: "7", login: unique("resetter") });
      return { userId, email, phone };
    };
    const forgot = (login: string) => api.expectOk("POST", "/web-api/user/password/forgot", { ip: freshIp(), body: { login } });
    const reset = (login: string, code: string, password = "NewSecret1") =>
      api.call("POST", "/web-api/user/password/reset", { ip: freshIp(), body: { login, code, password } });

    it("sends a code and answers alike whether or not the account exists", async () => {
      const { email, phone } = await resetAccount();
      expect(await forgot(email)).toEqual({ result: true, channel: "email" });
      expect((await api.outbox(email))[0]).toMatchObject({ channel: "email", code: expect.stringMatching(/^\d{6}$/) });
      expect(await forgot(`${unique("ghost")}@example.com`)).toEqual({ result: true, channel: "email" });
      expect(await forgot(`+7${phone}`)).toEqual({ result: true, channel: "phone" });
      expect(await forgot("+70000000000")).toEqual({ result: true, channel: "phone" });
      expect(await forgot("no-such-login")).toEqual({ result: true, channel: null });
      await api.expectError("POST", "/web-api/user/password/forgot", { body: {} }, 400, "bad_request");
    });

    it("sends by SMS when asked by phone, to the e-mail when asked by login", async () => {
      const { email, phone, userId } = await resetAccount();
      await forgot(`+7 ${phone.slice(0, 3)} ${phone.slice(3)}`);
      expect((await api.outbox(`+7${phone}`))[0]).toMatchObject({ channel: "sms", code: expect.stringMatching(/^\d{6}$/) });
      await api.expectOk("DELETE", "/__test/rate-limits");
      await forgot(String(userId));
      expect((await api.outbox(email))[0]).toMatchObject({ channel: "email" });
    });

    it("sets the new password and signs out every session", async () => {
      const { email } = await resetAccount();
      const before = (await api.login(email, "OldSecret1")).body.result.token;
      await forgot(email);
      const code = await api.lastCode(email);
      const weak = await reset(email, code, "short1");
      expect(weak.status).toBe(400);
      expect(weak.body.error.code).toBe("weak_password");
      const ok = await reset(email, code);
      expect(ok).toMatchObject({ status: 200, body: { result: true } });
      expect(await api.whoIs(before)).toBeNull();
      expect((await api.login(email, "OldSecret1")).body.error.code).toBe("wrong_credentials");
      expect((await api.login(email, "NewSecret1")).status).toBe(200);
      expect((await reset(email, code)).body.error.code).toBe("wrong_code");
    });

    it("answers wrong_code for a wrong code and time_up for an expired one", async () => {
      const { email } = await resetAccount();
      await forgot(email);
      const code = await api.lastCode(email);
      const wrong = code === "000000" ? "000001" : "000000";
      const answer = await reset(email, wrong);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("wrong_code");
      await api.expectOk("POST", "/__test/codes/expire", { body: { to: email } });
      expect((await reset(email, code)).body.error.code).toBe("time_up");
      expect((await api.login(email, "OldSecret1")).status).toBe(200);
    });

    it("burns the code after 5 wrong tries", async () => {
      const { email } = await resetAccount();
      await forgot(email);
      const code = await api.lastCode(email);
      const wrong = code === "000000" ? "000001" : "000000";
      for (let i = 0; i < 5; i++) expect((await reset(email, wrong)).body.error.code).toBe("wrong_code");
      expect((await reset(email, code)).body.error.code).toBe("time_up");
    });

    it("sends at most one code a minute per account; the last one stays valid", async () => {
      const { email } = await resetAccount();
      await forgot(email);
      await forgot(email);
      expect(await api.outbox(email)).toHaveLength(1);
      expect((await reset(email, await api.lastCode(email))).status).toBe(200);
    });
  });

  describe("stop newsletter", () => {
    it("turns news mail off with a signed link and refuses a bad signature", async () => {
      const email = `${unique("news")}@example.com`;
      const { token: session } = await api.createUser({ email });
      const { token } = await api.expectOk("GET", `/__test/newsletter-token?email=${encodeURIComponent(email)}`);
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      await api.expectError("POST", "/web-api/user/stop-newsletter", { body: { email, token: "0".repeat(64) } }, 400, "bad_sign");
      await api.expectError("POST", "/web-api/user/stop-newsletter", { body: { email: `x${email}`, token } }, 400, "bad_sign");
      await api.expectError("POST", "/web-api/user/stop-newsletter", { body: { email, token: "abc" } }, 400, "bad_request");
      expect((await config(session)).enable_mail_news).toBe(true);
      expect(await api.expectOk("POST", "/web-api/user/stop-newsletter", { body: { email: email.toUpperCase(), token } })).toEqual({ result: true });
      expect(await config(session)).toMatchObject({
        enable_mail_news: false,
        enable_mail_deposit: true,
        enable_mail_bets: true,
        enable_sms_news: true,
      });
    });
  });

  describe("phone countries and masks", () => {
    it("lists real countries with ISO codes and dialing codes", async () => {
      const { countries } = await api.expectOk("GET", "/web-api/phone/countries");
      expect(countries.length).toBeGreaterThanOrEqual(25);
      for (const country of countries) {
        expect(country).toEqual({
          id: expect.any(Number),
          name: expect.any(String),
          country_code: expect.stringMatching(/^[A-Z]{2}$/),
          tel_code: expect.stringMatching(/^\d{1,4}$/),
        });
      }
      const byCode = Object.fromEntries(countries.map((c: { country_code: string; tel_code: string }) => [c.country_code, c.tel_code]));
      expect(byCode).toMatchObject({ RU: "7", KZ: "7", UA: "380", TR: "90", DE: "49", AZ: "994", GB: "44", US: "1", IR: "98", AE: "971", SA: "966" });
    });

    it("gives each country a mask whose # count is its longest number", async () => {
      const { countries } = await api.expectOk("GET", "/web-api/phone/countries");
      const masks = await api.expectOk("GET", "/web-api/phone/masks");
      expect(masks).toHaveLength(countries.length);
      const ru = countries.find((c: { country_code: string }) => c.country_code === "RU");
      expect(masks.find((m: { CountryId: number }) => m.CountryId === ru.id)).toEqual({
        CountryId: ru.id,
        Mask: "(###) ###-##-##",
        Min: 10,
        Max: 10,
      });
      for (const mask of masks) {
        expect(mask.Mask.split("#").length - 1).toBe(mask.Max);
        expect(mask.Min).toBeLessThanOrEqual(mask.Max);
      }
    });
  });

  describe("Google one-tap", () => {
    const credentialFor = async (input: Record<string, unknown>) =>
      ((await api.expectOk("POST", "/__test/social/credential", { body: input }, 201)) as { credential: string }).credential;
    const oneTap = (fields: Record<string, string>, ip = freshIp()) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return fetch(`${stack.platformUrl}/social-api/oauth/google-one-tap`, { method: "POST", body: form, headers: { "x-client-ip": ip } });
    };
    const passFrom = (redirectUrl: string) => {
      const url = new URL(redirectUrl, "http://site.test");
      return { path: url.pathname, login: url.searchParams.get("login")!, pass: url.searchParams.get("pass")! };
    };

    it("serves the client id", async () => {
      expect(await api.expectOk("GET", "/social-api/oauth/google-one-tap/clientId")).toEqual({
        clientId: "arena-bet-dev.apps.googleusercontent.com",
      });
    });

    it("creates a soc_reg user, redirects with a one-time pass, and the pass signs in once", async () => {
      const email = `${unique("google")}@gmail.com`;
      const credential = await credentialFor({ email, name: "Gabi Google" });
      const res = await oneTap({ credential, language: "tr", currency: "try", countryId: "5" });
      expect(res.status).toBe(200);
      const { redirectUrl } = (await res.json()) as { redirectUrl: string };
      const { path, login, pass } = passFrom(redirectUrl);
      expect(path).toBe("/tr/login/social");
      expect(login).toMatch(/^\d+$/);
      const session = await api.expectOk("POST", "/web-api/auth/login/social", { body: { login, pass } });
      expect(await api.whoIs(session.result.token)).toBe(session.result.userId);
      expect(await config(session.result.token)).toMatchObject({
        user_email: email,
        activation_type: 0,
        email_activated: true,
        currency: "TRY",
        user_country_code: "TR",
        user_data: { name: "Gabi Google" },
      });
      await api.expectError("POST", "/web-api/auth/login/social", { body: { login, pass } }, 400, "wrong_code");

      // The same Google account later: the same user, a new pass.
      const again = passFrom(
        ((await (await oneTap({ credential: await credentialFor({ email }), language: "en", currency: "EUR" })).json()) as { redirectUrl: string })
          .redirectUrl
      );
      expect(again.login).toBe(login);
      expect((await api.expectOk("POST", "/web-api/auth/login/social", { body: again })).result.userId).toBe(session.result.userId);
      await api.expectError(
        "POST",
        "/web-api/auth/login/social",
        { body: { login: String(Number(login) + 1000), pass: again.pass } },
        400,
        "wrong_code"
      );
    });

    it("links to the existing account with the same e-mail", async () => {
      const email = `${unique("linked")}@example.com`;
      const { userId } = await api.createUser({ email, password: "Secret123" });
      const res = await oneTap({ credential: await credentialFor({ email: email.toUpperCase() }), language: "en", currency: "USD", countryId: "" });
      const session = await api.expectOk("POST", "/web-api/auth/login/social", {
        body: passFrom(((await res.json()) as { redirectUrl: string }).redirectUrl),
      });
      expect(session.result.userId).toBe(userId);
    });

    it("refuses a forged, expired or foreign credential with bad_credential", async () => {
      const email = `${unique("bad")}@gmail.com`;
      const good = await credentialFor({ email });
      const [header, payload, signature] = good.split(".");
      const forged = `${header}.${Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), email: "victim@example.com" })
      ).toString("base64url")}.${signature}`;
      for (const credential of [
        forged,
        `${good.slice(0, -3)}abc`,
        await credentialFor({ email, expiresInSeconds: -10 }),
        await credentialFor({ email, aud: "someone-else" }),
        "not-a-jwt",
      ]) {
        const res = await oneTap({ credential, language: "en", currency: "EUR" });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("bad_credential");
      }
    });

    it("refuses missing fields and bodies that are no form with bad_request", async () => {
      const credential = await credentialFor({ email: `${unique("form")}@gmail.com` });
      const incomplete: Array<Record<string, string>> = [
        { language: "en", currency: "EUR" },
        { credential, currency: "EUR" },
        { credential, language: "en", currency: "EUR", countryId: "99999" },
      ];
      for (const fields of incomplete) {
        const res = await oneTap(fields);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("bad_request");
      }
      const json = await api.call("POST", "/social-api/oauth/google-one-tap", { body: { credential, language: "en", currency: "EUR" } });
      expect(json.status).toBe(400);
      const urlEncoded = await fetch(`${stack.platformUrl}/social-api/oauth/google-one-tap`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ credential, language: "en", currency: "EUR" }).toString(),
      });
      expect(urlEncoded.status).toBe(200);
    });

    it("creates no account while registration is closed, but still signs in an existing one", async () => {
      const linked = `${unique("closed")}@example.com`;
      await api.createUser({ email: linked });
      await api.expectOk("PUT", "/__test/config/registration", { body: { value: { allowed: false, customConfig: false } } });
      try {
        const res = await oneTap({ credential: await credentialFor({ email: `${unique("new")}@gmail.com` }), language: "en", currency: "EUR" });
        expect(res.status).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("registration_closed");
        expect((await oneTap({ credential: await credentialFor({ email: linked }), language: "en", currency: "EUR" })).status).toBe(200);
      } finally {
        await api.expectOk("PUT", "/__test/config/registration", { body: { value: { allowed: true, customConfig: false } } });
      }
    });
  });

  describe("dev outbox", () => {
    it("lists messages newest first, filtered by address and limited", async () => {
      const email = `${unique("box")}@example.com`;
      await api.createUser({ email, password: "Secret123" });
      await api.expectOk("POST", "/web-api/user/password/forgot", { body: { login: email } });
      await api.expectOk("DELETE", "/__test/rate-limits");
      await api.expectOk("POST", "/web-api/user/password/forgot", { body: { login: email } });
      const messages = await api.outbox(email);
      expect(messages).toHaveLength(2);
      expect(messages[0]!.id).toBeGreaterThan(messages[1]!.id);
      expect(await api.outbox(email, 1)).toHaveLength(1);
      expect((await api.expectOk("GET", "/__dev/outbox?limit=3")).messages).toHaveLength(3);
      await api.expectError("GET", "/__dev/outbox?limit=0", {}, 400, "bad_request");
    });
  });
});

describe("dev outbox and test hooks in production", () => {
  const stack = platformStack("pglite", {
    // A production platform has no test clock, even when the run sets one (CI's PLATFORM_NOW).
    platformEnv: { NODE_ENV: "production", PLATFORM_TEST_HOOKS: "0", PLATFORM_SECRET: "production-secret-for-the-test-0123456789", PLATFORM_NOW: "" },
  });

  it("does not exist", async () => {
    for (const path of ["/__dev/outbox", "/__test/captcha/x"]) {
      const res = await fetch(`${stack.platformUrl}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it("has no demo accounts with published passwords", async () => {
    const res = await fetch(`${stack.platformUrl}/web-api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ uLogin: "ops@arena.bet", uPassword: "Operator123" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("wrong_credentials");
  });
});
