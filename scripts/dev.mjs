// `npm run dev`: the platform runs on (started once, kept across rebuilds), the site is rebuilt by
// `remix dev` on every change under app/ and re-imported by remix-serve without a restart.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { localSecret } from "./local-secret.mjs";
import { refuseTakenPort, root, startPaymentProvider, startPlatform, stop } from "./processes.mjs";

const sitePort = Number(process.env.PORT ?? 3000);
const platformPort = Number(process.env.PLATFORM_PORT ?? 4000);
const platformUrl = process.env.PLATFORM_URL ?? `http://127.0.0.1:${platformPort}`;
const providerPort = Number(process.env.PAYMENT_PROVIDER_PORT ?? 4100);
const providerUrl = process.env.PAYMENT_PROVIDER_URL ?? `http://127.0.0.1:${providerPort}`;

/**
 * Stops remix dev together with its app server: it runs in a process group of its own, and the
 * whole group is signalled, so no remix-serve outlives it (remix dev may exit before its child).
 */
function stopGroup(child) {
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      signalGroup("SIGTERM");
      return resolve();
    }
    const timer = setTimeout(() => signalGroup("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      signalGroup("SIGTERM");
      resolve();
    });
    signalGroup("SIGTERM");
  });
}

let platform;
let provider;
let site;
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  if (site) await stopGroup(site);
  await Promise.all([stop(platform), stop(provider)]);
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  await refuseTakenPort("site", sitePort, "PORT");
  if (!process.env.PLATFORM_URL && !process.env.PAYMENT_PROVIDER_URL) provider = await startPaymentProvider({ port: providerPort });
  if (!process.env.PLATFORM_URL) platform = await startPlatform({ port: platformPort, env: { PAYMENT_PROVIDER_URL: providerUrl } });
  // --manual: remix-serve (in development mode) re-imports the new build itself, so the
  // site process and its caches survive a rebuild; its live-reload socket is on a free port.
  const remix = fileURLToPath(new URL("../node_modules/.bin/remix", import.meta.url));
  site = spawn(remix, ["dev", "--manual", "-c", "remix-serve .data/dev-build/index.js"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
    env: {
      ...process.env,
      PORT: String(sitePort),
      HOST: process.env.HOST ?? "127.0.0.1",
      REMIX_DEV_BUILD: "1",
      PLATFORM_URL: platformUrl,
      SESSION_SECRET: process.env.SESSION_SECRET ?? localSecret(),
    },
  });
  for (const [name, child] of [["platform", platform], ["payment provider", provider], ["site (remix dev)", site]]) {
    child?.once("exit", (code) => {
      if (stopping) return;
      console.error(`[dev] ${name} stopped (${code}); stopping the rest`);
      shutdown(code ?? 1);
    });
  }
  console.log(`\n  Dev site: http://localhost:${sitePort}  (platform ${platformUrl}, payment provider ${providerUrl}); edits under app/ rebuild it\n`);
} catch (error) {
  console.error(`[dev] ${error.message}`);
  await shutdown(1);
}
