import type { AppLoadContext } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UpstreamError } from "~/services/http.server";
import { DeadlinePassedError, beforeDeadline, failureReason, requestDeadline } from "./memo.server";

// On Vitest's fake clock: Date.now and the timers move only when the test moves them.
beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the page's one guard deadline (decision 021)", () => {
  it("is started by the first call of a request and the same for every later one", () => {
    const context = {} as AppLoadContext;
    const first = requestDeadline(context, 3_000);
    expect(first).toBe(Date.UTC(2026, 0, 1) + 3_000);
    vi.advanceTimersByTime(20);
    expect(requestDeadline(context, 3_000)).toBe(first);
    expect(requestDeadline({} as AppLoadContext, 3_000)).toBe(first + 20);
  });

  it("gives up on slow work at the deadline and passes quick work through", async () => {
    await expect(beforeDeadline(Promise.resolve(7), Date.now() + 1_000)).resolves.toBe(7);
    await expect(beforeDeadline(Promise.reject(new Error("down")), Date.now() + 1_000)).rejects.toThrow("down");

    // Work that never ends: only the deadline can settle the race.
    const outcome = beforeDeadline(new Promise(() => {}), Date.now() + 100).then(
      () => "answered",
      (error: Error) => error.message,
    );
    const settled = vi.fn();
    void outcome.then(settled);
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith("passed the page's deadline");
  });

  it("tells a call given up at the deadline from an upstream's failure", () => {
    expect(failureReason(new DeadlinePassedError())).toBe("deadline");
    expect(failureReason(new UpstreamError("timeout", 504, "Deadline reached: /x", undefined, true))).toBe("deadline");
    expect(failureReason(new UpstreamError("timeout", 504, "Timed out: /x"))).toBe("failed");
    expect(failureReason(new UpstreamError("http", 503, "down"))).toBe("failed");
    expect(failureReason(new Error("odd"))).toBe("failed");
  });
});
