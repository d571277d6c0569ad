import { describe, expect, it } from "vitest";
import { createReadiness } from "../readiness.ts";
import { readyApi } from "./ready.ts";

describe("GET /ready", () => {
  it("answers 503 with every start-up step missing before any is done", async () => {
    const res = await readyApi(createReadiness(async () => true)).request("/");
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ ready: false, missing: ["migrations", "seed", "sports"] });
  });

  it("names only what is still missing while start-up goes on", async () => {
    const readiness = createReadiness(async () => true);
    readiness.done("migrations");
    readiness.done("seed");
    const res = await readyApi(readiness).request("/");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false, missing: ["sports"] });
  });

  it("answers 200 once migrations, seed and sports are done and the database answers", async () => {
    const readiness = createReadiness(async () => true);
    for (const step of ["sports", "migrations", "seed"] as const) readiness.done(step);
    const res = await readyApi(readiness).request("/");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true });
  });

  it("answers 503 again when the database stops answering, and when the process is stopping", async () => {
    let answers = true;
    const readiness = createReadiness(async () => answers);
    for (const step of ["migrations", "seed", "sports"] as const) readiness.done(step);
    answers = false;
    let res = await readyApi(readiness).request("/");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false, missing: ["database"] });
    answers = true;
    readiness.stopping();
    res = await readyApi(readiness).request("/");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false, missing: ["stopping"] });
  });
});
