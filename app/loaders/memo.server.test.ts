import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { beforeDeadline, requestDeadline } from "./memo.server";

describe("the page's one guard deadline (decision 021)", () => {
  it("is started by the first call of a request and the same for every later one", async () => {
    const context = {} as AppLoadContext;
    const first = requestDeadline(context, 3_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(requestDeadline(context, 3_000)).toBe(first);
    expect(requestDeadline({} as AppLoadContext, 3_000)).toBeGreaterThan(first);
  });

  it("gives up on slow work at the deadline and passes quick work through", async () => {
    await expect(beforeDeadline(Promise.resolve(7), Date.now() + 1_000)).resolves.toBe(7);
    const started = Date.now();
    const slow = new Promise((r) => setTimeout(() => r("late"), 2_000));
    await expect(beforeDeadline(slow, started + 100)).rejects.toThrow("deadline");
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(beforeDeadline(Promise.reject(new Error("down")), Date.now() + 1_000)).rejects.toThrow("down");
  });
});
