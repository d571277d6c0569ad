// `npm start`: the fake payment provider, the platform on its embedded database, then the built
// site; prints the URLs.
import { localSecret } from "./local-secret.mjs";
import { refuseTakenPort, startPaymentProvider, startPlatform, startSite, stop } from "./processes.mjs";

const started = Date.now();
const sitePort = Number(process.env.PORT ?? 3000);
const platformPort = Number(process.env.PLATFORM_PORT ?? 4000);
const providerPort = Number(process.env.PAYMENT_PROVIDER_PORT ?? 4100);

const children = [];
async function shutdown(code = 0) {
  await Promise.all(children.map((c) => stop(c)));
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  const platformUrl = process.env.PLATFORM_URL ?? `http://127.0.0.1:${platformPort}`;
  const providerUrl = process.env.PAYMENT_PROVIDER_URL ?? `http://127.0.0.1:${providerPort}`;
  // Every port before any program starts, so a taken one does not leave another program running.
  await refuseTakenPort("site", sitePort, "PORT");
  if (!process.env.PLATFORM_URL) await refuseTakenPort("platform", platformPort, "PLATFORM_PORT");
  if (!process.env.PAYMENT_PROVIDER_URL && !process.env.PLATFORM_URL) {
    children.push(await startPaymentProvider({ port: providerPort }));
  }
  if (!process.env.PLATFORM_URL) children.push(await startPlatform({ port: platformPort, env: { PAYMENT_PROVIDER_URL: providerUrl } }));
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
  console.log(`\n  Site ready: http://localhost:${sitePort}  (first page ${status} after ${Date.now() - started} ms)`);
  if (!process.env.PLATFORM_URL) console.log(`  Payment provider (test payments): ${providerUrl}\n`);
} catch (error) {
  console.error(`[start] ${error.message}`);
  await shutdown(1);
}
