import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonLog } from "./json-log";

describe("jsonLog", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes one JSON object a line, by level, tagged with the program when one is named", () => {
    const out = vi.spyOn(console, "log").mockImplementation(() => {});
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    jsonLog({ program: "platform" }).info("started", { port: 1 });
    jsonLog().error("failed", { error: new Error("boom") });
    const info = JSON.parse(String(out.mock.calls[0]?.[0]));
    expect(info).toMatchObject({ level: "info", program: "platform", event: "started", port: 1 });
    const error = JSON.parse(String(err.mock.calls[0]?.[0]));
    expect(error).toMatchObject({ level: "error", event: "failed", error: { name: "Error", message: "boom" } });
    expect(error).not.toHaveProperty("program");
    expect(error.error).not.toHaveProperty("stack");
  });

  it("keeps the stack of an error where asked", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    jsonLog({ stacks: true }).warn("slow", { error: new Error("late") });
    expect(JSON.parse(String(warn.mock.calls[0]?.[0])).error.stack).toContain("late");
  });
});
