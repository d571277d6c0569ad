// `npm start`: the platform on its embedded database, then the built site; prints the URL.
import { localSecret } from "./local-secret.mjs";
import { refuseTakenPort, startPlatform, startSite, stop } from "./processes.mjs";

const started = Date.now();
const sitePort = Number(process.env.PORT ?? 3000);
const platformPort = Number(process.env.PLATFORM_PORT ?? 4000);

const children = [];
async function shutdown(code = 0) {
  await Promise.all(children.map((c) => stop(c)));
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  const platformUrl = process.env.PLATFORM_URL ?? `http://127.0.0.1:${platformPort}`;
  // Both ports before either program starts, so a taken site port does not leave a platform running.
  await refuseTakenPort("site", sitePort, "PORT");
  if (!process.env.PLATFORM_URL) children.push(await startPlatform({ port: platformPort }));
  const site = await startSite({
    port: sitePort,
    env: { PLATFORM_URL: platformUrl, SESSION_SECRET: process.env.SESSION_SECRET ?? localSecret() },
  });
  children.push(site);
  for (const child of children) {
    child.once("exit", (code) => {
      console.error(`[start] ${child.name} stopped (${code}); stopping the rest`);
      shutdown(code ?? 1);
    });
  }
  const status = await fetch(`http://127.0.0.1:${sitePort}/`, { redirect: "follow" }).then((r) => r.status);
  console.log(`\n  Site ready: http://localhost:${sitePort}  (first page ${status} after ${Date.now() - started} ms)\n`);
} catch (error) {
  console.error(`[start] ${error.message}`);
  await shutdown(1);
}
