import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hooks } from "../support/hooks";
import { type AdminClient, clearRateLimits, opsSignIn, redirectLight as redirectLightAt } from "../support/ops";
import { databases } from "../support/stack";
import { platformStack } from "../support/suite";

// Writes through the admin API that would uncover a redirect loop are refused and change nothing;
// an edit inside a loop that was already there is not blamed for it (issue 11, "Tests that would
// catch a regression").
describe.each(databases)("redirect loops uncovered by edits on %s", (db) => {
  const stack = platformStack(db);
  const h = hooks(() => stack.platformUrl);
  let admin: AdminClient;

  beforeAll(async () => {
    ({ admin } = await opsSignIn(stack.platformUrl, { login: "ops.loops" }));
  });
  beforeEach(async () => {
    await clearRateLimits(stack.platformUrl);
  });

  const redirectLight = (url: string) => redirectLightAt(stack.platformUrl, url);
  const rule = async (id: number) => (await admin("GET", `/redirect-rules/${id}`)).body as Record<string, unknown>;
  const create = async (input: Record<string, unknown>) => {
    const res = await admin("POST", "/redirect-rules", input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.rule as { id: number } & Record<string, unknown>;
  };

  /**
   * A specific rule in front of a general one: /{p}/a goes to a page, every other /{p}/x to /{p}/a.
   * Without the specific rule, /{p}/a would redirect to itself.
   */
  const shieldedLoop = async (p: string) => {
    const specific = await create({ source: `/${p}/a`, target: "/rules/1", code: 301, priority: 10 });
    const general = await create({ source: `/${p}/:x`, target: `/${p}/a`, code: 301, priority: 0 });
    return { specific, general };
  };

  /** Expects a loop refusal that changed neither the rule nor what visitors get. */
  const refusedAsLoop = async (id: number, method: string, body: unknown | undefined, p: string) => {
    const before = await rule(id);
    const res = await admin(method, `/redirect-rules/${id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: "loop", message: expect.stringContaining("loop") });
    expect(res.body.error.loop).toContain(`/${p}/a`);
    expect(await rule(id)).toEqual(before);
    // Visitors still get through the chain to the page, with no loop.
    const answer = await redirectLight(`/${p}/zzz`);
    expect(answer).toMatchObject({ redirect: true, url: "/rules/1" });
    expect(answer.reasons).not.toContain("loop");
  };

  it("refuses to deactivate a rule when that uncovers a loop", async () => {
    const { specific } = await shieldedLoop("loop-off");
    await refusedAsLoop(specific.id, "PATCH", { active: false }, "loop-off");
  });

  it("refuses an edit that moves a rule away and uncovers a loop", async () => {
    const { specific } = await shieldedLoop("loop-move");
    await refusedAsLoop(specific.id, "PUT", { source: "/loop-moved/a", target: "/rules/1", code: 301, priority: 10 }, "loop-move");
  });

  it("refuses to delete a rule when that uncovers a loop", async () => {
    const { specific } = await shieldedLoop("loop-del");
    await refusedAsLoop(specific.id, "DELETE", undefined, "loop-del");
  });

  it("allows the same changes once nothing loops behind the rule", async () => {
    const { specific, general } = await shieldedLoop("lok");
    // Point the general rule elsewhere first: now nothing hides behind the specific rule.
    expect((await admin("PUT", `/redirect-rules/${general.id}`, { source: "/lok/:x", target: "/rules/2", code: 301, priority: 0 })).status).toBe(200);
    expect((await admin("PATCH", `/redirect-rules/${specific.id}`, { active: false })).status).toBe(200);
    expect((await admin("DELETE", `/redirect-rules/${specific.id}`)).status).toBe(200);
  });

  it("does not blame an edit inside a loop that was already there", async () => {
    // A loop older than the checks (written past them by the test hook, as an old import would be).
    const a = await h.addRedirectRule({ source: "/old-loop/a", target: "/old-loop/b", code: 301 });
    await h.addRedirectRule({ source: "/old-loop/b", target: "/old-loop/a", code: 301 });
    // Editing a rule of the loop without touching what it does (its priority here) is allowed...
    const edited = await admin("PUT", `/redirect-rules/${a.id}`, { source: "/old-loop/a", target: "/old-loop/b", code: 301, priority: 5, note: "known loop" });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.rule).toMatchObject({ priority: 5, note: "known loop" });
    // ...and so is an edit elsewhere while the loop stands.
    const elsewhere = await create({ source: "/old-loop-free/a", target: "/rules/1", code: 301 });
    expect((await admin("PUT", `/redirect-rules/${elsewhere.id}`, { source: "/old-loop-free/a", target: "/rules/2", code: 302 })).status).toBe(200);
    // But leading a new URL into the old loop is a new loop, and refused.
    expect((await admin("POST", "/redirect-rules", { source: "/into-old-loop", target: "/old-loop/a", code: 301 })).body.error).toMatchObject({ code: "loop" });
  });
});
