// Requests per second of the home page with every server guard against the same page with
// guards off (GUARDS=off), in one run: one platform, two copies of the site, the same load.
import { Agent, request } from "node:http";
import { startSite, stop } from "../scripts/processes.mjs";
import { freePort, startStack } from "../tests/support/stack";

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PATH = "/en";

async function load(base: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const { hostname, port } = new URL(base);
  const latencies: number[] = [];
  let errors = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request({ hostname, port, path: PATH, agent, headers: { "accept-language": "en" } }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end();
    });
  // Warm-up: the config cache, JIT, connections.
  for (let i = 0; i < 50; i++) await once();
  latencies.length = 0;
  errors = 0;
  const deadline = performance.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { rps: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), errors };
}

const stack = await startStack({ guardCache: true });
const offPort = await freePort();
const off = await startSite({
  port: offPort,
  quiet: true,
  env: { PLATFORM_URL: stack.platformUrl, SESSION_SECRET: "bench-secret-bench-secret-bench-secret-01", GUARDS: "off", NODE_ENV: "production" },
});
try {
  const guarded = await load(stack.siteUrl);
  const unguarded = await load(`http://127.0.0.1:${offPort}`);
  const fmt = (r: typeof guarded) => `${r.rps.toFixed(0)} req/s (p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors})`;
  console.log(`home ${PATH}, ${CONCURRENCY} connections, ${DURATION_MS / 1000} s each`);
  console.log(`  guards on : ${fmt(guarded)}`);
  console.log(`  guards off: ${fmt(unguarded)}`);
  console.log(`  ratio on/off: ${(guarded.rps / unguarded.rps).toFixed(2)}`);
} finally {
  await stop(off);
  await stack.stop();
}
