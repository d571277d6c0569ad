import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type Server, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root, startPlatform, startSite } from "../../scripts/processes.mjs";
import { freePort } from "../support/stack";

// Start-up refuses, with a message that names the problem and what to do, instead of a bare
// trace or silently using whatever answers on a port (issues 10 and 11).

/** Runs a command to its end; its exit code and everything it printed. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let dir: string;
let taken: Server;
let takenPort: number;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "startup-"));
  // Another program on a port: it accepts connections and answers nothing useful.
  taken = createServer((socket) => {
    socket.on("error", () => {}); // probes hang up at once
    socket.end("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
  });
  takenPort = await freePort();
  await new Promise<void>((r) => taken.listen(takenPort, "127.0.0.1", r));
});
afterAll(async () => {
  await new Promise<void>((r) => taken.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe("the platform's data folder", () => {
  it("stops start-up, naming the folder and what to do, when it holds something else", async () => {
    const folder = join(dir, "not-a-database");
    mkdirSync(folder);
    writeFileSync(join(folder, "notes.txt"), "my notes");
    const { code, output } = await run(["--import", "tsx", "platform/main.ts"], { PLATFORM_DATA_DIR: folder, PLATFORM_PORT: String(await freePort()) });
    expect(code).toBe(1);
    expect(output).toContain(folder);
    expect(output).toContain("not a platform database (notes.txt)");
    expect(output).toMatch(/new or empty folder/);
    expect(output).not.toMatch(/ExitStatus/);
    // Nothing was written into the folder.
    expect(existsSync(join(folder, "PG_VERSION"))).toBe(false);
  });

  it("stops start-up with a message when the database there cannot be read", async () => {
    const folder = join(dir, "damaged");
    mkdirSync(folder);
    writeFileSync(join(folder, "PG_VERSION"), "not a version\n");
    const { code, output } = await run(["--import", "tsx", "platform/main.ts"], { PLATFORM_DATA_DIR: folder, PLATFORM_PORT: String(await freePort()) });
    expect(code).toBe(1);
    expect(output).toContain(`The platform database in ${folder} cannot be opened`);
    expect(output).toMatch(/move the folder away/);
    expect(output).not.toMatch(/^ExitStatus/m);
  });
});

describe("taken ports", () => {
  it("the platform refuses a taken port and says so", async () => {
    const { code, output } = await run(["--import", "tsx", "platform/main.ts"], {
      PLATFORM_DATA_DIR: join(dir, "port-db"),
      PLATFORM_PORT: String(takenPort),
      PLATFORM_SEED: "none",
    });
    expect(code).toBe(1);
    expect(output).toContain(`port ${takenPort} on 127.0.0.1 is already taken by another program`);
    expect(output).toContain("PLATFORM_PORT");
  });

  it("starting the platform or the site on a taken port is refused before anything starts", async () => {
    await expect(startPlatform({ port: takenPort, quiet: true })).rejects.toThrow(`the platform port ${takenPort} is already taken by another program`);
    await expect(startSite({ port: takenPort, quiet: true })).rejects.toThrow(`the site port ${takenPort} is already taken by another program`);
  });

  it("npm start refuses a taken site port without starting the platform", async () => {
    const platformPort = await freePort();
    const { code, output } = await run(["scripts/start.mjs"], { PORT: String(takenPort), PLATFORM_PORT: String(platformPort) });
    expect(code).toBe(1);
    expect(output).toContain(`the site port ${takenPort} is already taken by another program`);
    expect(output).toContain("PORT");
    expect(output).not.toMatch(/listening/);
  });

  it("npm start refuses a taken platform port", async () => {
    const { code, output } = await run(["scripts/start.mjs"], { PORT: String(await freePort()), PLATFORM_PORT: String(takenPort) });
    expect(code).toBe(1);
    expect(output).toContain(`the platform port ${takenPort} is already taken by another program`);
    expect(output).toContain("PLATFORM_PORT");
  });
});
