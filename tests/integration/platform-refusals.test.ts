import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, csrfToken, getPage, postForm } from "../support/forms";
import { hooks } from "../support/hooks";
import { type Stack, databases, startStack } from "../support/stack";

// Every refusal of the platform is a 4xx with a message, never a 500 (issue 11): NUL bytes
// anywhere in a request, and a redirect rule that is already gone, on the platform and in the
// site's ops console.
describe.each(databases)("refusals on %s", (db) => {
  let stack: Stack;
  let h: ReturnType<typeof hooks>;
  let opsToken: string;
  beforeAll(async () => {
    stack = await startStack({ db });
    h = hooks(stack.platformUrl);
    opsToken = (await h.createUser({ login: `ops-refusals-${Date.now().toString(36)}`, roles: ["player", "ops"], termsAccepted: true })).token;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const send = async (method: string, path: string, init: { json?: unknown; raw?: string; form?: string; type?: string; token?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.raw !== undefined) {
      headers["content-type"] = init.type ?? "application/json";
      body = init.raw;
    } else if (init.form !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = init.form;
    }
    const res = await fetch(`${stack.platformUrl}${path}`, { method, headers, body });
    const text = await res.text();
    return { status: res.status, text, json: (() => { try { return JSON.parse(text); } catch { return null; } })() };
  };

  it("answers 413 in words to a JSON body over 64 KiB, whether announced by its length or sent in chunks", async () => {
    const big = JSON.stringify({ uLogin: "x".repeat(70 * 1024), uPassword: "Secret123" });
    const announced = await send("POST", "/web-api/auth/login", { raw: big });
    expect(announced.status).toBe(413);
    expect(announced.json?.error?.code).toBe("payload_too_large");
    // No Content-Length: the limit is found while reading, and the answer arrives while the
    // body is still unfinished (it is never ended here: an answer that waited for its end never comes).
    const chunked = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${stack.platformUrl}/web-api/auth/login`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, text });
          req.destroy();
        });
      });
      req.on("error", reject);
      req.write(big);
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text).error.code).toBe("payload_too_large");
  });

  const NUL = "\u0000";
  const refusedForNul = (answer: { status: number; json: { error?: { code?: string; message?: string } } | null }, what: string) => {
    expect(answer.status, `${what}: ${JSON.stringify(answer.json)}`).toBe(400);
    expect(answer.json?.error, what).toMatchObject({ code: "bad_request", message: expect.stringMatching(/NUL/) });
  };

  it("answers 400 with a message to U+0000 in a query, a path, a JSON field, a captcha id, an e-mail and a form", async () => {
    const email = `a${NUL}@example.com`;
    const cases: Array<[string, () => ReturnType<typeof send>]> = [
      ["redirect-light url", () => send("POST", "/redirects-api/api/v1/redirect-light", { json: { url: `/en/a${NUL}b` } })],
      ["config query", () => send("GET", "/bff-api/config/all.json?lang=e%00n")],
      ["path", () => send("GET", "/bff-api/rules/1%00?lang=en")],
      ["captcha id", () => send("POST", "/captcha-api/validate", { json: { id: `abc${NUL}`, answer: "x" } })],
      ["login e-mail", () => send("POST", "/web-api/auth/login", { json: { uLogin: email, uPassword: "Secret123" } })],
      ["password reset e-mail", () => send("POST", "/web-api/user/password/forgot", { json: { login: email } })],
      [
        "registration e-mail",
        () =>
          send("POST", "/web-api/registration", {
            json: { type: "email", email, password: "Secret123", currency: "RUB", country_code: "RU", bonus_choice: 0, lng: "ru" },
          }),
      ],
      ["JSON key", () => send("POST", "/web-api/auth/sms/send", { raw: `{"phone-number":"9001234567","phone-code":"7","x\\u0000":1}` })],
      ["one-tap form", () => send("POST", "/social-api/oauth/google-one-tap", { form: "credential=a%00b&language=en&currency=RUB" })],
      ["admin list query", () => send("GET", "/admin-api/v1/redirect-rules?q=a%00", { token: opsToken })],
      ["admin rule", () => send("POST", "/admin-api/v1/redirect-rules", { token: opsToken, json: { source: `/x${NUL}`, target: "/rules/1", code: 301 } })],
      ["block check url", () => send("POST", "/blocks-api/api/v2/block", { json: { url: `/en/${NUL}`, isAuth: false } })],
    ];
    for (const [what, call] of cases) refusedForNul(await call(), what);
  });

  it("keeps NUL-free requests working through the same guard", async () => {
    expect((await send("GET", "/bff-api/config/all.json?lang=en")).status).toBe(200);
    expect((await send("POST", "/redirects-api/api/v1/redirect-light", { json: { url: "/en/rules/1" } })).status).toBe(200);
    expect((await send("POST", "/web-api/user/password/forgot", { json: { login: "nobody@example.com" } })).status).toBe(200);
    // A JSON text that merely mentions a backslash-u sequence is not a NUL.
    const escaped = await send("POST", "/web-api/user/password/forgot", { raw: JSON.stringify({ login: "\\u0000@example.com" }) });
    expect(escaped.status).toBe(200);
  });

  it("answers 404 with a message when a redirect rule to delete does not exist", async () => {
    const answer = await send("DELETE", "/admin-api/v1/redirect-rules/987654", { token: opsToken });
    expect(answer.status).toBe(404);
    expect(answer.json.error).toEqual({ code: "not_found", message: "No redirect rule 987654" });
  });

  it("shows the ops console's not-found page, not a 500, when the rule was deleted meanwhile", async () => {
    const { id } = await h.addRedirectRule({ source: `/refusals-gone-${db}`, target: "/rules/1", code: 301 });
    const jar = new CookieJar();
    jar.set("user_token", opsToken);
    const headers = { "accept-language": "en" };
    const { html } = await getPage(stack.siteUrl, `/ops/redirects/${id}`, jar, headers);
    // Someone else deletes it while the page is open...
    await h.deleteRedirectRule(id);
    // ...then this ops user confirms the delete.
    const res = await postForm(stack.siteUrl, `/ops/redirects/${id}`, jar, { csrf: csrfToken(html), intent: "delete", confirmDelete: "on" }, headers);
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).toContain("404");
    expect(page).toMatch(/not found|doesn.t exist|does not exist/i);
  });
});
