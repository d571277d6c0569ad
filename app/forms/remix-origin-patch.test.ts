import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The recorded patch of @remix-run/server-runtime (patches/, decision 010) must be applied:
 * these fail as soon as `npm ci` installs the runtime without it (a version bump, a patch that
 * no longer applies, install scripts skipped).
 */
const require = createRequire(import.meta.url);
const runtimeDir = dirname(require.resolve("@remix-run/server-runtime/package.json"));
const cjs = require(join(runtimeDir, "dist/actions.js")) as {
  throwIfPotentialCSRFAttack: (headers: Headers) => void;
  originRefusal?: (build: unknown, request: Request) => Promise<{ status: number; message: string }>;
};

const headers = (origin?: string) => new Headers({ host: "site.test", ...(origin === undefined ? {} : { origin }) });
const thrown = (origin?: string) => {
  try {
    cjs.throwIfPotentialCSRFAttack(headers(origin));
    return null;
  } catch (error) {
    return error as Error;
  }
};

describe("the Origin check of the Remix runtime (patched)", () => {
  it("is the version the patch was made for", () => {
    const pkg = JSON.parse(readFileSync(join(runtimeDir, "package.json"), "utf8")) as { version: string };
    expect(pkg.version).toBe("2.17.5");
  });

  it("lets a missing Origin and Origin: null through to the site's CSRF token", () => {
    expect(thrown(undefined)).toBeNull();
    expect(thrown("null")).toBeNull();
    expect(thrown("http://site.test")).toBeNull();
  });

  it("refuses a foreign or malformed Origin with an error it can tell apart", () => {
    expect(thrown("https://evil.example")?.name).toBe("OriginRefusedError");
    expect(thrown("not a url")?.name).toBe("OriginRefusedError");
  });

  it("asks the app's entry module how to word the refusal, else answers React Router's 400", async () => {
    const request = new Request("http://site.test/en/login", { method: "POST" });
    expect(cjs.originRefusal).toBeTypeOf("function");
    await expect(cjs.originRefusal!({ entry: { module: {} } }, request)).resolves.toEqual({ status: 400, message: "Bad Request" });
    const hook = async () => ({ status: 403, message: "Refused" });
    await expect(cjs.originRefusal!({ entry: { module: { originRefusal: hook } } }, request)).resolves.toEqual({ status: 403, message: "Refused" });
  });

  it("answers the refusal with a body on document and data requests, in both module formats", () => {
    for (const file of ["dist/server.js", "dist/esm/server.js", "dist/single-fetch.js", "dist/esm/single-fetch.js"]) {
      const source = readFileSync(join(runtimeDir, file), "utf8");
      expect(source, file).toMatch(/let refusal = await (actions\.)?originRefusal\(build, request\);/);
    }
    const esm = readFileSync(join(runtimeDir, "dist/esm/actions.js"), "utf8");
    expect(esm).toContain('if (!originHeader || originHeader === "null") return;');
  });
});
