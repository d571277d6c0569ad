import { describe, expect, it } from "vitest";
import { eventually } from "../support/hooks";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";

describe.each(databases)("platform sessions, user config, terms and appeals on %s", (db) => {
  const stack = platformStack(db, { platformEnv: { PLATFORM_TEST_HOOKS: "1" } });

  const request = (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${stack.platformUrl}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
    });
  const createUser = async (input: Record<string, unknown> = {}) => {
    const res = await request("POST", "/__test/users", { body: input });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { userId: number; token: string };
  };
  const createSession = async (userId: number, extra: Record<string, unknown>) => {
    const res = await request("POST", "/__test/sessions", { body: { userId, ...extra } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  };
  const sessionUserId = async (headers: Record<string, string>) => {
    const res = await request("GET", "/web-api/session/check", { headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as { userId: number | null }).userId;
  };
  const setConfig = async (key: string, body: Record<string, unknown>) => {
    const res = await request("PUT", `/__test/config/${key}`, { body });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  describe("session check", () => {
    it("names the user of a live bearer token", async () => {
      const { userId, token } = await createUser({ login: "session-ok" });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await sessionUserId({ authorization: `Bearer ${token}` })).toBe(userId);
      expect(await sessionUserId({ authorization: `bearer   ${token}` })).toBe(userId);
    });

    it("answers null, never 401, without a usable token", async () => {
      const { token } = await createUser();
      expect(await sessionUserId({})).toBeNull();
      expect(await sessionUserId({ authorization: "Bearer" })).toBeNull();
      expect(await sessionUserId({ authorization: "Bearer garbage" })).toBeNull();
      expect(await sessionUserId({ authorization: `Bearer ${"A".repeat(43)}` })).toBeNull();
      expect(await sessionUserId({ authorization: `Basic ${token}` })).toBeNull();
      expect(await sessionUserId({ authorization: token })).toBeNull();
    });

    it("answers null for expired and revoked sessions", async () => {
      const { userId } = await createUser();
      expect(await sessionUserId({ authorization: `Bearer ${await createSession(userId, { state: "expired" })}` })).toBeNull();
      expect(await sessionUserId({ authorization: `Bearer ${await createSession(userId, { state: "revoked" })}` })).toBeNull();
      expect(await sessionUserId({ authorization: `Bearer ${await createSession(userId, { state: "active" })}` })).toBe(userId);
    });

    it("lets a session lapse when its time is up", async () => {
      const { userId } = await createUser();
      const token = await createSession(userId, { ttlSeconds: 1 });
      expect(await sessionUserId({ authorization: `Bearer ${token}` })).toBe(userId);
      // Waits for the lapse itself (about a second), not for a fixed time.
      await eventually(async () => expect(await sessionUserId({ authorization: `Bearer ${token}` })).toBeNull(), 5_000);
    });

    it("refuses a session for a user that does not exist", async () => {
      expect((await request("POST", "/__test/sessions", { body: { userId: 999_999 } })).status).toBe(404);
    });
  });

  describe("user config", () => {
    it("answers 401 with the error shape without a valid session", async () => {
      for (const token of [undefined, "garbage", "A".repeat(43)]) {
        const res = await request("GET", "/web-api/user/config", { token });
        expect(res.status).toBe(401);
        expect((await res.json()).error).toMatchObject({ code: "unauthorized", message: expect.any(String) });
      }
      const { userId } = await createUser();
      const revoked = await createSession(userId, { state: "revoked" });
      expect((await request("GET", "/web-api/user/config", { token: revoked })).status).toBe(401);
    });

    it("answers the signed-in user's config", async () => {
      const { userId, token } = await createUser({
        login: "config-user",
        email: "config@example.com",
        ban_level: 2,
        ban_version: 1,
        roles: ["player", "vip"],
        phone_number: "9001234567",
        phone_code: "7",
        country_code: "KZ",
      });
      const res = await request("GET", "/web-api/user/config", { token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        result: {
          user_id: userId,
          user_name: "config-user",
          user_email: "config@example.com",
          phone_number: "9001234567",
          phone_code: "7",
          user_country_code: "KZ",
          activation_type: 0,
          ban_level: 2,
          ban_version: 1,
          user_status_id: 0,
          roles: ["player", "vip"],
          email_activated: false,
          phone_activated: false,
          two_factor_enabled: false,
          enable_mail_news: true,
          enable_mail_deposit: true,
          enable_mail_bets: true,
          enable_sms_news: true,
          bonus_type: null,
          currency: null,
          user_data: {},
          // Sports hidden from this bettor (decision 032) and their stored display settings.
          disallow_line_sport: [],
          disallow_live_sport: [],
          display_settings: null,
        },
      });
    });

    it("fills defaults and falls back to the account number as the name", async () => {
      const { userId, token } = await createUser();
      const { result } = await (await request("GET", "/web-api/user/config", { token })).json();
      expect(result).toMatchObject({ user_id: userId, user_name: String(userId), user_email: null, ban_level: 0, roles: ["player"] });
    });

    it("refuses a taken login and bad user input in the hook", async () => {
      await createUser({ login: "taken" });
      expect((await request("POST", "/__test/users", { body: { login: "taken" } })).status).toBe(409);
      expect((await request("POST", "/__test/users", { body: { email: "not-an-email" } })).status).toBe(400);
      expect((await request("POST", "/__test/users", { body: { ban_level: -1 } })).status).toBe(400);
      expect((await request("POST", "/__test/users", { body: "{" })).status).toBe(400);
    });
  });

  describe("terms", () => {
    const status = async (token: string, headers: Record<string, string> = {}) => {
      const res = await request("GET", "/web-api/api-v3/v2/user/agreement-rules/status", { token, headers });
      expect(res.status).toBe(200);
      return (await res.json()) as { result: boolean; updatedAt: string };
    };

    it("answers 401 without a session", async () => {
      expect((await request("GET", "/web-api/api-v3/v2/user/agreement-rules/status")).status).toBe(401);
      expect((await request("POST", "/web-api/api-v3/v2/user/agreement-rules/accept", { token: "garbage" })).status).toBe(401);
    });

    it("says the terms changed for a user who never accepted them, until they accept", async () => {
      const { token } = await createUser({ termsAccepted: false });
      expect(await status(token)).toEqual({ result: true, updatedAt: "2026-01-01T00:00:00.000Z" });
      const res = await request("POST", "/web-api/api-v3/v2/user/agreement-rules/accept", { token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ result: true });
      expect((await status(token)).result).toBe(false);
    });

    it("asks again after the terms are updated, per country too", async () => {
      const { token } = await createUser();
      expect((await status(token)).result).toBe(false);
      const future = "2099-01-01T00:00:00.000Z";
      await setConfig("termsUpdatedAt", { value: future, country: "KZ" });
      expect(await status(token, { "x-country-code": "KZ" })).toEqual({ result: true, updatedAt: future });
      expect((await status(token, { "x-country-code": "DE" })).result).toBe(false);

      const now = new Date().toISOString();
      await setConfig("termsUpdatedAt", { value: now });
      expect(await status(token)).toEqual({ result: true, updatedAt: now });
      await request("POST", "/web-api/api-v3/v2/user/agreement-rules/accept", { token });
      expect((await status(token)).result).toBe(false);
    });

    it("refuses a terms date that would break the site config", async () => {
      const res = await request("PUT", "/__test/config/termsUpdatedAt", { body: { value: "yesterday" } });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("bad_request");
    });
  });

  describe("block appeals", () => {
    const appeals = "/web-api/user/block-appeals";

    it("answers 401 without a session", async () => {
      expect((await request("GET", appeals)).status).toBe(401);
      expect((await request("POST", appeals, { body: { message: "hi" } })).status).toBe(401);
    });

    it("creates appeals (trimmed) and lists the user's own, newest first", async () => {
      const { token } = await createUser({ ban_level: 1 });
      const other = await createUser({ ban_level: 1 });
      expect(await (await request("GET", appeals, { token })).json()).toEqual({ result: [] });

      const first = await request("POST", appeals, { token, body: { message: "  Please review my account.  " } });
      expect(first.status).toBe(201);
      const created = (await first.json()).result;
      expect(created).toEqual({
        id: expect.any(Number),
        message: "Please review my account.",
        status: "pending",
        answer: null,
        created_at: expect.any(String),
        answered_at: null,
      });
      expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
      const second = (await (await request("POST", appeals, { token, body: { message: "Second" } })).json()).result;

      const list = (await (await request("GET", appeals, { token })).json()).result;
      expect(list.map((a: { id: number }) => a.id)).toEqual([second.id, created.id]);
      expect((await (await request("GET", appeals, { token: other.token })).json()).result).toEqual([]);
    });

    it("allows at most 3 pending appeals, even when they arrive at once", async () => {
      const { token } = await createUser({ ban_level: 1 });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => request("POST", appeals, { token, body: { message: `appeal ${i}` } })),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
      const refused = answers.find((r) => r.status === 429)!;
      expect((await refused.json()).error.code).toBe("too_many_appeals");
      expect((await (await request("GET", appeals, { token })).json()).result).toHaveLength(3);
    });

    it.each([
      ["no message", {}],
      ["an empty message", { message: "" }],
      ["only spaces", { message: "   \n " }],
      ["a number", { message: 42 }],
      ["over 2000 characters", { message: "x".repeat(2001) }],
      ["not JSON", "message=hi"],
    ])("refuses %s with 400 and writes nothing", async (_what, body) => {
      const { token } = await createUser({ ban_level: 1 });
      const res = await request("POST", appeals, { token, body });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("bad_request");
      expect((await (await request("GET", appeals, { token })).json()).result).toEqual([]);
    });

    it("accepts exactly 2000 characters after trimming", async () => {
      const { token } = await createUser({ ban_level: 1 });
      const res = await request("POST", appeals, { token, body: { message: ` ${"y".repeat(2000)} ` } });
      expect(res.status).toBe(201);
    });
  });
});
