// A first visit on a slow network, in Chromium: how long until the page paints and until it is
// interactive (hydrated), how many requests and bytes that takes (issue 12's first-load goals as a
// bettor on a phone meets them). Each visit has an empty cache; the network is throttled to a
// slow 4G (150 ms round trips, 1.6 Mbit/s down) and the CPU 4 times, as Lighthouse's mobile run.
// Medians of BENCH_VISITS visits per page. Needs the build and Chromium.
//
//   npm run build && npm run bench -- hydration          BENCH_VISITS (default 5)
import { chromium } from "@playwright/test";
import { startStack } from "../tests/support/stack";
import { median } from "./support/load";

const RUNS = Number(process.env.BENCH_VISITS ?? 5);
const pages = [
  { name: "home", path: "/ru/" },
  { name: "live", path: "/ru/live" },
  { name: "login", path: "/ru/login" },
  { name: "rules", path: "/ru/rules/1" },
];

interface Visit {
  fcp: number;
  hydrated: number;
  requests: number;
  kib: number;
}

const stack = await startStack({ sports: true, guardCache: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const visit = async (path: string): Promise<Visit> => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
    });
    await context.addCookies([{ name: "age_confirmed", value: "1", url: stack.siteUrl }]);
    // The moment the app marks itself hydrated (root.tsx sets data-hydrated in an effect).
    // The document is watched, not its root element: this runs before the parser makes that element.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.hydrated) {
          (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // Requests over the network only: images written as data: URLs are counted by Chromium too.
    const sent = new Set<string>();
    const finished = new Map<string, number>();
    cdp.on("Network.requestWillBeSent", (event: { requestId: string; request: { url: string } }) => {
      if (event.request.url.startsWith("http")) sent.add(event.requestId);
    });
    cdp.on("Network.loadingFinished", (event: { requestId: string; encodedDataLength: number }) => {
      if (sent.has(event.requestId)) finished.set(event.requestId, event.encodedDataLength);
    });
    await page.goto(stack.siteUrl + path, { waitUntil: "commit" });
    await page.waitForFunction(() => (window as unknown as { hydratedAt?: number }).hydratedAt !== undefined, null, { timeout: 60_000 });
    const { fcp, hydrated } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      hydrated: (window as unknown as { hydratedAt: number }).hydratedAt,
    }));
    // What loads with the page (scripts, styles, dictionary) has arrived by now; later polls do not count.
    const result = { fcp, hydrated, requests: finished.size, kib: [...finished.values()].reduce((a, b) => a + b, 0) / 1024 };
    await context.close();
    return result;
  };

  console.log(`first visit, slow 4G (150 ms, 1.6 Mbit/s) and 4× slower CPU; medians of ${RUNS} visits with an empty cache`);
  console.log("page     FCP ms  hydrated ms  requests  transferred");
  for (const { name, path } of pages) {
    await visit(path); // warms the site's caches, not the browser's
    const visits: Visit[] = [];
    for (let i = 0; i < RUNS; i++) visits.push(await visit(path));
    const m = (pick: (v: Visit) => number) => median(visits.map(pick));
    console.log(
      [name.padEnd(8), m((v) => v.fcp).toFixed(0).padStart(6), m((v) => v.hydrated).toFixed(0).padStart(12), m((v) => v.requests).toFixed(0).padStart(9), `${m((v) => v.kib).toFixed(1)} KiB`.padStart(12)].join(" "),
    );
  }
} finally {
  await browser.close();
  await stack.stop();
}
