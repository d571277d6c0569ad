import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventually, hooks } from "../support/hooks";
import { type Stack, startStack } from "../support/stack";

// Slow upstreams (issue 11, decisions 020 and 021): each upstream a page needs is made slow in
// turn with the platform's fault hooks, far slower than any page may wait, and every page must
// take its fallback instead of waiting for it: the guards give up at their one deadline, the
// config is served from its copy. Each page names the path it took in its Server-Timing
// (`redirects;desc="deadline"`, `config;desc="stale"`, …). How long the pages take meanwhile is
// measured by `npm run bench -- slow-upstreams`, not here.
const SLOW_MS = 12_000;
/** The guards' fallbacks a page names; `config` is looked at only where the config is slow. */
const GUARDS = ["redirects", "block", "session", "balance"];

let stack: Stack;
let h: ReturnType<typeof hooks>;
let signedIn: string;

beforeAll(async () => {
  // A one-second config cache, so the copy runs out while the config service is slow.
  stack = await startStack({ siteEnv: { CONFIG_CACHE_SECONDS: "1" } });
  h = hooks(stack.platformUrl);
  signedIn = `user_token=${(await h.createUser()).token}`;
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(async () => {
  await h.clearFaults();
});

/** The fallbacks an answer's Server-Timing names: `{ redirects: "deadline", … }`. */
function fallbacks(res: Response): Record<string, string> {
  const named: Record<string, string> = {};
  for (const part of (res.headers.get("server-timing") ?? "").split(",")) {
    const match = /^\s*([a-z-]+);desc="([^"]*)"\s*$/.exec(part);
    if (match) named[match[1]!] = match[2]!;
  }
  return named;
}

const guardFallbacks = (named: Record<string, string>) => Object.fromEntries(Object.entries(named).filter(([name]) => GUARDS.includes(name)));

async function visit(path: string, cookie?: string) {
  const res = await fetch(`${stack.siteUrl}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  return { path, signedIn: cookie !== undefined, status: res.status, location: res.headers.get("location"), fallbacks: fallbacks(res) };
}

/** Every page of the sweep, as a guest and signed in, at once (each waits out the same deadline). */
function sweep() {
  return Promise.all(
    ([
      ["/en", undefined],
      ["/en/rules/1", undefined],
      ["/en", signedIn],
      ["/en/rules/1", signedIn],
    ] as const).map(([path, cookie]) => visit(path, cookie)),
  );
}

describe("slow upstreams", () => {
  beforeAll(async () => {
    // Every cache warm (config, content groups) and every route compiled.
    for (const a of await sweep()) expect(a.status).toBe(200);
  });

  it("with the config service slow, every page is served the config's copy past its cache time", async () => {
    await h.fault({ path: "/bff-api/config/", mode: "slow", delayMs: SLOW_MS });
    // The copy (one second here) runs out and its refresh reaches the slow service: a request
    // counted after the fault was in place is one the fault holds.
    const before = await h.hits("/bff-api/config/all.json");
    await eventually(async () => expect(await h.hits("/bff-api/config/all.json")).toBeGreaterThan(before), 20_000);
    for (const a of await sweep()) {
      expect(a.status, a.path).toBe(200);
      expect(a.fallbacks.config, a.path).toBe("stale");
      expect(guardFallbacks(a.fallbacks), a.path).toEqual({});
    }
  });

  it.each([
    ["the redirect rules", "/redirects-api/", { redirects: "deadline" }, { redirects: "deadline" }],
    // A guest has no session to look up.
    ["the session service", "/web-api/", {}, { session: "deadline" }],
    // Only the header's balance: the session answers, the shell gives up on the balance.
    ["the header balance", "/web-api/account/balance", {}, { balance: "deadline" }],
    ["the block check", "/blocks-api/", { block: "deadline" }, { block: "deadline" }],
  ])("with %s slow, every page gives up on it at the guards' deadline", async (_name, prefix, guest, bettor) => {
    await h.fault({ path: prefix, mode: "slow", delayMs: SLOW_MS });
    for (const a of await sweep()) {
      expect(guardFallbacks(a.fallbacks), `${a.path}${a.signedIn ? " signed in" : ""}`).toEqual(a.signedIn ? bettor : guest);
      if (prefix === "/blocks-api/") {
        // SPEC §8: a block check that fails (here: no answer before the deadline) marks maintenance.
        expect(a.status, a.path).toBe(302);
        expect(a.location, a.path).toBe("/en/maintenance");
      } else {
        // No redirect, and a guest page when the session cannot be checked in time (SPEC §8:
        // logged), never an error.
        expect(a.status, a.path).toBe(200);
      }
    }
  });

  it("with every guard upstream slow at once, every page gives up on all of them at the one deadline", async () => {
    for (const path of ["/redirects-api/", "/blocks-api/", "/web-api/"]) await h.fault({ path, mode: "slow", delayMs: SLOW_MS });
    for (const a of await sweep()) {
      const expected = a.signedIn ? { redirects: "deadline", block: "deadline", session: "deadline" } : { redirects: "deadline", block: "deadline" };
      expect(guardFallbacks(a.fallbacks), a.path).toEqual(expected);
      expect(a.location, a.path).toBe("/en/maintenance");
    }
  });

  it("a page that needs sign-in answers 'try again' to a signed-in visitor whose session cannot be checked in time, not the login page", async () => {
    await h.fault({ path: "/web-api/", mode: "slow", delayMs: SLOW_MS });
    const bettor = await visit("/en/office/history", signedIn);
    expect(bettor.status).toBe(503);
    expect(bettor.location).toBeNull();
    expect(guardFallbacks(bettor.fallbacks)).toEqual({ session: "deadline" });
    // A guest has no session to check: the login page, as always.
    const guest = await visit("/en/office/history");
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/en\/login\?returnTo=/);
  });
});
