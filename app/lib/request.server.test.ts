import { describe, expect, it } from "vitest";
import { pageUrl, requestCookies } from "./request.server";

describe("requestCookies", () => {
  it("parses the Cookie header once per request", () => {
    const request = new Request("http://site.test/en", { headers: { cookie: "lng=en; user_token=a%20b" } });
    const cookies = requestCookies(request);
    expect(cookies).toEqual({ lng: "en", user_token: "a b" });
    expect(requestCookies(request)).toBe(cookies);
    expect(requestCookies(new Request("http://site.test/en"))).toEqual({});
  });
});

describe("pageUrl", () => {
  it("strips single-fetch's .data suffix and _routes parameter", () => {
    expect(pageUrl(new Request("http://site.test/en/live.data?_routes=root&x=1")).toString()).toBe("http://site.test/en/live?x=1");
    expect(pageUrl(new Request("http://site.test/_root.data")).pathname).toBe("/");
  });
});
