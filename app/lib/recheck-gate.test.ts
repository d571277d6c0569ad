import { describe, expect, it } from "vitest";
import { RecheckGate } from "./recheck-gate";

function gate() {
  let now = 10_000;
  const g = new RecheckGate(1_000, () => now);
  return { g, pass: (ms: number) => (now += ms) };
}

describe("RecheckGate", () => {
  it("lets everyone ask while it has seen no failure", () => {
    const { g } = gate();
    expect([g.mayAsk(), g.mayAsk(), g.mayAsk()]).toEqual([true, true, true]);
  });

  it("after a failure, lets one caller ask once the interval has passed, the others not", () => {
    const { g, pass } = gate();
    g.failed();
    expect(g.mayAsk()).toBe(false);
    pass(999);
    expect(g.mayAsk()).toBe(false);
    pass(1);
    expect(g.mayAsk()).toBe(true);
    // That caller's ask is under way: nobody else until the next interval.
    expect(g.mayAsk()).toBe(false);
    pass(1_000);
    expect(g.mayAsk()).toBe(true);
  });

  it("counts the interval from the newest failure", () => {
    const { g, pass } = gate();
    g.failed();
    pass(800);
    g.failed();
    pass(800);
    expect(g.mayAsk()).toBe(false);
    pass(200);
    expect(g.mayAsk()).toBe(true);
  });

  it("lets everyone ask again once the upstream has answered", () => {
    const { g, pass } = gate();
    g.failed();
    pass(1_000);
    expect(g.mayAsk()).toBe(true);
    g.answered();
    expect([g.mayAsk(), g.mayAsk()]).toEqual([true, true]);
  });
});
