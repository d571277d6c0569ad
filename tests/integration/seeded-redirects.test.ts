import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoRedirectRules } from "../../platform/seed/redirects-blocks";
import { type Stack, startStack } from "../support/stack";

// Every redirect rule a fresh site is seeded with lands on a real page (issue 11, "Pages that
// lie"): followed through the site as a guest, hop by hop, it must end on a 200, never a 404.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A URL that the rule's source matches: params get a sample value, the query condition is kept. */
function sampleUrl(source: string): string {
  return source.replace(/:\w+/g, "sample").replace(/\*\w*/g, "a/b");
}

/** Follows the site's redirects from `path`; the chain of locations and the final status. */
async function follow(path: string): Promise<{ chain: string[]; status: number }> {
  const chain = [path];
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(`${stack.siteUrl}${chain.at(-1)}`, { redirect: "manual", headers: { "accept-language": "en" } });
    await res.arrayBuffer();
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) return { chain, status: res.status };
    const next = new URL(location, stack.siteUrl);
    expect(next.origin, `${chain.join(" -> ")} leaves the site`).toBe(new URL(stack.siteUrl).origin);
    chain.push(`${next.pathname}${next.search}`);
  }
  throw new Error(`more than 10 redirects: ${chain.join(" -> ")}`);
}

describe("seeded redirect rules", () => {
  it("are there at all", () => {
    expect(demoRedirectRules.length).toBeGreaterThan(0);
  });

  for (const lng of ["en", "ru", "ar"]) {
    it.each(demoRedirectRules.map((r) => [r.source, r.target]))(`/${lng}%s (to %s) lands on a 200 page`, async (source) => {
      const from = `/${lng}${sampleUrl(source)}`;
      const { chain, status } = await follow(from);
      // The rule itself fired: the first hop is a permanent redirect away from the legacy URL.
      expect(chain.length, `${from} was not redirected`).toBeGreaterThan(1);
      expect(status, chain.join(" -> ")).toBe(200);
    });
  }
});
