// `npm run dev`: the platform runs on (started once, kept across rebuilds), the site is rebuilt by
// `remix dev` on every change under app/ and re-imported by remix-serve without a restart.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { localSecret } from "./local-secret.mjs";
import { root, startPlatform, stop } from "./processes.mjs";

const sitePort = Number(process.env.PORT ?? 3000);
const platformPort = Number(process.env.PLATFORM_PORT ?? 4000);
const platformUrl = process.env.PLATFORM_URL ?? `http://127.0.0.1:${platformPort}`;

const children = [];
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  // The site first: remix dev takes its app server down with it.
  for (const child of [...children].reverse()) await stop(child);
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  if (!process.env.PLATFORM_URL) children.push(await startPlatform({ port: platformPort }));
  // --manual: remix-serve (in development mode) re-imports the new build itself, so the
  // site process and its caches survive a rebuild; its live-reload socket is on a free port.
  const remix = fileURLToPath(new URL("../node_modules/.bin/remix", import.meta.url));
  const site = spawn(remix, ["dev", "--manual", "-c", "remix-serve .data/dev-build/index.js"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(sitePort),
      HOST: process.env.HOST ?? "127.0.0.1",
      REMIX_DEV_BUILD: "1",
      PLATFORM_URL: platformUrl,
      SESSION_SECRET: process.env.SESSION_SECRET ?? localSecret(),
    },
  });
  site.name = "site (remix dev)";
  children.push(site);
  for (const child of children) {
    child.once("exit", (code) => {
      if (stopping) return;
      console.error(`[dev] ${child.name} stopped (${code}); stopping the rest`);
      shutdown(code ?? 1);
    });
  }
  console.log(`\n  Dev site: http://localhost:${sitePort}  (platform ${platformUrl}); edits under app/ rebuild it\n`);
} catch (error) {
  console.error(`[dev] ${error.message}`);
  await shutdown(1);
}
