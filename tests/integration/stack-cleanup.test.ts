import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { portTaken, root } from "../../scripts/processes.mjs";
import { freePort, startStack } from "../support/stack";

// Test runs shut their servers down cleanly and delete their temporary PGlite folders (issue 10):
// each run used to leave ~28 MB in the temp directory.

describe("test stacks clean up after themselves", () => {
  it("an integration stack stops its programs and deletes its PGlite folder", async () => {
    const stack = await startStack();
    const dir = stack.dataDir!;
    expect(existsSync(dir)).toBe(true);
    const ports = [new URL(stack.platformUrl).port, new URL(stack.siteUrl).port].map(Number);
    await stack.stop();
    expect(existsSync(dir)).toBe(false);
    for (const port of ports) expect(await portTaken(port)).toBe(false);
  });

  it("the e2e stack does the same when Playwright stops it with SIGTERM", { timeout: 180_000 }, async () => {
    const [sitePort, platformPort, providerPort] = [await freePort(), await freePort(), await freePort()];
    // Its own process group, as Playwright starts web servers; the signal goes to the whole group.
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/e2e-server.ts"], {
      cwd: root,
      env: { ...process.env, E2E_SITE_PORT: String(sitePort), E2E_PLATFORM_PORT: String(platformPort), E2E_PROVIDER_PORT: String(providerPort) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const ready = await new Promise<string>((resolve, reject) => {
        let output = "";
        child.stdout.on("data", (d) => {
          output += d;
          const match = /e2e stack ready at .* \(platform (\S+), payment provider \S+, data (\S+)\)/.exec(output);
          if (match) resolve(`${match[1]} ${match[2]}`);
        });
        void exited.then(() => reject(new Error(`e2e server exited early:\n${output}`)));
        // Under the test's own time-out, so the clean-up below still runs.
        setTimeout(() => reject(new Error(`e2e server not ready after 150 s:\n${output}`)), 150_000).unref();
      });
      const [platformUrl, dir] = ready.split(" ") as [string, string];
      expect(existsSync(dir)).toBe(true);
      process.kill(-child.pid!, "SIGTERM");
      expect(await exited).toBe(0);
      expect(existsSync(dir)).toBe(false);
      expect(await portTaken(Number(new URL(platformUrl).port))).toBe(false);
      expect(await portTaken(sitePort)).toBe(false);
      expect(await portTaken(providerPort)).toBe(false);
    } finally {
      // A failed check never leaves the stack running (it would hold its ports for the next run).
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
    }
  });
});
