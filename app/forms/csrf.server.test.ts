import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { sessionSecret } from "~/env.server";
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

/** The csrf cookie as Remix writes it: signed with the site's secret, or with none. */
const signedCsrf = createCookie("csrf", { secrets: [sessionSecret] });
const unsignedCsrf = createCookie("csrf");
const cookieHolding = async (value: unknown, jar = signedCsrf) => cookieOf(await jar.serialize(value));
/** A token of ours with its HMAC replaced: same value, another signature. */
const withSignature = (token: string, signature: string) => `${token.split(".")[0]!}.${signature}`;
const otherSignature = (token: string) => {
  const signature = token.split(".")[1]!;
  return withSignature(token, `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);
};
const session = (id: string) => `user_token=${id.repeat(16)}`;

describe("the CSRF cookie", () => {
  it("is HttpOnly, SameSite=Lax and sent to every path", async () => {
    const [, setCookie] = await commitCsrfToken(new Request("http://x/"));
    const attributes = setCookie!.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^csrf=/);
    expect(attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
  });

  it("is refused when Remix did not sign it with the site's secret, even holding a real token", async () => {
    const [token] = await commitCsrfToken(new Request("http://x/"));
    const headers = new Headers({ cookie: await cookieHolding(token, unsignedCsrf) });
    expect(await refusal(validateCsrf(form(token), headers))).toBe("missing_token_in_cookie");
    // The same token signed by Remix is fine.
    expect(await refusal(validateCsrf(form(token), new Headers({ cookie: await cookieHolding(token) })))).toBe("accepted");
  });

  it("is refused when it holds something other than a token", async () => {
    for (const value of [{ token: "x" }, 42, ["a.b"]]) {
      const headers = new Headers({ cookie: await cookieHolding(value) });
      expect(await refusal(validateCsrf(form("x"), headers))).toBe("invalid_token_in_cookie");
    }
  });

  it("is refused as tampered when its token's HMAC is not ours, even when the form echoes it", async () => {
    const [token] = await commitCsrfToken(new Request("http://x/"));
    const signature = token.split(".")[1]!;
    const forged = [
      otherSignature(token), // same length, one character changed
      withSignature(token, signature.slice(0, -1)), // one character short
      withSignature(token, `${signature}A`), // one character long
      token.split(".")[0]!, // no signature at all
      withSignature(token, ""), // an empty one
    ];
    for (const value of forged) {
      const headers = new Headers({ cookie: await cookieHolding(value) });
      expect(await refusal(validateCsrf(form(value), headers))).toBe("tampered_token_in_cookie");
    }
  });

  it("takes its token from the form field remix-utils' AuthenticityTokenInput posts: csrf", async () => {
    const [token, setCookie] = await commitCsrfToken(new Request("http://x/"));
    const data = new FormData();
    data.set("csrf", token);
    expect(await refusal(validateCsrf(data, new Headers({ cookie: cookieOf(setCookie!) })))).toBe("accepted");
  });
});

describe("the page's token", () => {
  it("is replaced when the cookie's token was tampered with, even when it names the right session", async () => {
    const [token] = await commitCsrfToken(new Request("http://x/"));
    const tampered = otherSignature(token);
    const [next, setCookie] = await commitCsrfToken(new Request("http://x/", { headers: { cookie: await cookieHolding(tampered) } }));
    expect(next).not.toBe(tampered);
    expect(next).not.toBe(token);
    expect(setCookie).not.toBeNull();
  });

  it("rotates at sign-in, at sign-out and from one session to another, and stays within a session", async () => {
    const request = (...cookies: string[]) => new Request("http://x/", { headers: { cookie: cookies.join("; ") } });
    const [guest, guestCookie] = await commitCsrfToken(request());
    // Signing in: the guest's token is not the session's.
    const [first, firstCookie] = await commitCsrfToken(request(cookieOf(guestCookie!), session("a")));
    expect(first).not.toBe(guest);
    expect(firstCookie).not.toBeNull();
    // The same session keeps it.
    expect(await commitCsrfToken(request(cookieOf(firstCookie!), session("a")))).toEqual([first, null]);
    // Another session gets another.
    const [second, secondCookie] = await commitCsrfToken(request(cookieOf(firstCookie!), session("b")));
    expect(second).not.toBe(first);
    expect(secondCookie).not.toBeNull();
    // Signing out: the session's token is not the guest's.
    const [after] = await commitCsrfToken(request(cookieOf(secondCookie!)));
    expect(after).not.toBe(second);
  });
});
