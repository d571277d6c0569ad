import { describe, expect, it } from "vitest";
import { CSRF_FORM_KEY, CSRFError, commitCsrfToken, validateCsrf } from "./csrf.server";

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const form = (token: string | null) => {
  const data = new FormData();
  if (token !== null) data.set(CSRF_FORM_KEY, token);
  return data;
};
const refusal = (promise: Promise<void>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (error instanceof CSRFError ? error.code : String(error)),
  );

describe("CSRF tokens on node:crypto", () => {
  it("issues a signed token once and keeps it while the session is the same", async () => {
    const [token, setCookie] = await commitCsrfToken(new Request("http://x/"));
    expect(token).toMatch(/^[\w-]{32}~[\w-]{16}\.[\w-]{43}$/);
    const again = await commitCsrfToken(new Request("http://x/", { headers: { cookie: cookieOf(setCookie!) } }));
    expect(again).toEqual([token, null]);
  });

  it("accepts the form that echoes the cookie's token and refuses every other with remix-utils' codes", async () => {
    const [token, setCookie] = await commitCsrfToken(new Request("http://x/"));
    const headers = new Headers({ cookie: cookieOf(setCookie!) });
    expect(await refusal(validateCsrf(form(token), headers))).toBe("accepted");
    expect(await refusal(validateCsrf(form(null), headers))).toBe("missing_token_in_body");
    expect(await refusal(validateCsrf(form(`${token}x`), headers))).toBe("mismatched_token");
    expect(await refusal(validateCsrf(form(token), new Headers()))).toBe("missing_token_in_cookie");
    const [, otherCookie] = await commitCsrfToken(new Request("http://x/"));
    expect(await refusal(validateCsrf(form(token), new Headers({ cookie: cookieOf(otherCookie!) })))).toBe("mismatched_token");
  });
});
