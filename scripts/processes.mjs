// Starting and stopping the programs (the platform, the site, the fake payment provider): shared by
// `npm start`, the tests and the benchmarks.
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

/** Polls `url` until it answers (any status below 500 unless `okOnly`), or gives up. */
export async function waitForHttp(url, { timeoutMs = 60_000, okOnly = true } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (!okOnly || res.status < 500) return res.status;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How long a process started with node flags (a bench's --cpu-prof) may take to stop. */
const PROFILED_GRACE_MS = 15_000;

/** Lines of output a child started with `keepLog` keeps for its reader (a test reading the site's log). */
const KEPT_LINES = 5_000;

function launch(name, command, args, env, { quiet = false, keepLog = false, cwd = root } = {}) {
  const piped = quiet || keepLog;
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: piped ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
  });
  if (piped) {
    // Keep the last lines for a failure report without flooding test output.
    const tail = [];
    const log = [];
    // Whole lines only: a chunk may end inside one (a long log line), which the next completes.
    const keeper = () => {
      let partial = "";
      return (chunk) => {
        const lines = (partial + String(chunk)).split("\n");
        partial = lines.pop() ?? "";
        const whole = lines.filter(Boolean);
        tail.push(...whole);
        tail.splice(0, Math.max(0, tail.length - 40));
        if (keepLog) {
          log.push(...whole);
          log.splice(0, Math.max(0, log.length - KEPT_LINES));
        }
      };
    };
    child.stdout.on("data", keeper());
    child.stderr.on("data", keeper());
    if (!quiet) {
      child.stdout.pipe(process.stdout, { end: false });
      child.stderr.pipe(process.stderr, { end: false });
    }
    child.tail = tail;
    if (keepLog) child.log = log;
  }
  child.name = name;
  return child;
}

/** Whether something already listens on 127.0.0.1:port (a connection is accepted). */
export function portTaken(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.setTimeout(1_000);
    const done = (taken) => {
      socket.destroy();
      resolve(taken);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Throws a message naming the port and the variable that moves it when the port is taken. */
export async function refuseTakenPort(name, port, variable) {
  if (await portTaken(port)) {
    throw new Error(`the ${name} port ${port} is already taken by another program: stop that program, or set ${variable} to a free port`);
  }
}

/** Waits for a child to come up; one that never does is stopped, so no failed start leaves a process behind. */
async function untilUp(child, up) {
  try {
    await up;
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/**
 * Starts the platform (Hono + database) and resolves when /ready answers 200: migrated, seeded,
 * its sports feed loaded and its database answering (decision 062; /health only says the process
 * lives). `nodeArgs` are flags for node itself (a bench's `--cpu-prof`).
 */
export async function startPlatform({ port, env = {}, quiet = false, nodeArgs = [] }) {
  // Without this, another program answering /ready on the port would pass for our platform.
  await refuseTakenPort("platform", port, "PLATFORM_PORT");
  const child = launch("platform", process.execPath, [...nodeArgs, "--import", "tsx", "platform/main.ts"], { PLATFORM_PORT: String(port), ...env }, { quiet });
  if (nodeArgs.length) child.graceMs = PROFILED_GRACE_MS;
  const exited = new Promise((_, reject) =>
    child.once("exit", (code) => reject(new Error(`platform exited with ${code}\n${(child.tail ?? []).join("\n")}`))),
  );
  // A fresh database seeds the sports catalogue (a few seconds alone, far more on a loaded machine).
  exited.catch(() => {});
  await untilUp(child, Promise.race([waitForHttp(`http://127.0.0.1:${port}/ready`, { timeoutMs: 150_000 }), exited]));
  return child;
}

/**
 * Starts the fake payment provider (providers/payment, decision 065) and resolves when its /health
 * answers 200. `env` sets its variables (PAYMENT_PROVIDER_SECRET, PAYMENT_PROVIDER_TEST_CONTROLS, …).
 */
export async function startPaymentProvider({ port, env = {}, quiet = false }) {
  await refuseTakenPort("payment provider", port, "PAYMENT_PROVIDER_PORT");
  const child = launch("payment provider", process.execPath, ["--import", "tsx", "providers/payment/main.ts"], { PAYMENT_PROVIDER_PORT: String(port), ...env }, { quiet });
  const exited = new Promise((_, reject) =>
    child.once("exit", (code) => reject(new Error(`payment provider exited with ${code}\n${(child.tail ?? []).join("\n")}`))),
  );
  exited.catch(() => {});
  await untilUp(child, Promise.race([waitForHttp(`http://127.0.0.1:${port}/health`, { timeoutMs: 60_000 }), exited]));
  return child;
}

/**
 * Starts the built site with @remix-run/serve and resolves when it answers. `nodeArgs` are
 * flags for node itself (the peer bench's `--cpu-prof`, which NODE_OPTIONS may not carry).
 * `dir` is the project whose build and node_modules are served (the patches bench serves copies
 * of this one, each with its own packages); this checkout by default.
 */
export async function startSite({ port, env = {}, quiet = false, nodeArgs = [], keepLog = false, dir = root }) {
  await refuseTakenPort("site", port, "PORT");
  // A production site answers only its own hosts (decision 024): here, this machine's names for the port.
  const hosts = process.env.ALLOWED_HOSTS ?? `localhost:${port},127.0.0.1:${port}`;
  const serve = join(dir, "node_modules/@remix-run/serve/dist/cli.js");
  const child = nodeArgs.length
    ? launch("site", process.execPath, [...nodeArgs, serve, "build/index.js"], { PORT: String(port), HOST: "127.0.0.1", ALLOWED_HOSTS: hosts, ...env }, { quiet, keepLog, cwd: dir })
    : launch("site", dir === root ? bin("remix-serve") : join(dir, "node_modules/.bin/remix-serve"), ["build/index.js"], { PORT: String(port), HOST: "127.0.0.1", ALLOWED_HOSTS: hosts, ...env }, { quiet, keepLog, cwd: dir });
  if (nodeArgs.length) child.graceMs = PROFILED_GRACE_MS;
  const exited = new Promise((_, reject) =>
    child.once("exit", (code) => reject(new Error(`site exited with ${code}\n${(child.tail ?? []).join("\n")}`))),
  );
  exited.catch(() => {});
  await untilUp(child, Promise.race([waitForHttp(`http://127.0.0.1:${port}/favicon.svg`), exited]));
  return child;
}

/** Stops a child and waits until it is gone. */
export function stop(child, signal = "SIGTERM") {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // A process started with node flags (a bench's --cpu-prof writes its profile on exit) gets
    // the time to leave on its own: the site's Remix keeps a 5-second timer per answered request.
    const timer = setTimeout(() => child.kill("SIGKILL"), child.graceMs ?? 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
