// The platform's sports feed under 50 connections, with the simulator running: a full live
// snapshot, a delta since the current version, and the 304 answer to If-None-Match. Every answer
// comes from memory (cached JSON per scope and version), so this is the upstream's ceiling for the
// site's feed route. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { type DbKind, databases, startStack } from "../tests/support/stack";

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONNECTIONS = 50;

async function load(url: string, headers: () => Record<string, string>, expectStatus: number) {
  const deadline = performance.now() + DURATION_MS;
  let count = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const res = await fetch(url, { headers: headers() });
        await res.arrayBuffer();
        if (res.status !== expectStatus) throw new Error(`${url}: ${res.status}`);
        latencies.push(performance.now() - started);
        count++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: count / (DURATION_MS / 1000), p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

async function run(db: DbKind) {
  const stack = await startStack({ db, site: false });
  try {
    const url = `${stack.platformUrl}/sports-api/feed/live`;
    // Simulator running: the version moves every second, so polls rebuild and fetch new snapshots.
    const moving = await load(url, () => ({}), 200);
    // Simulator paused: an unchanged scope answers an empty delta, or 304 to its ETag.
    await fetch(`${stack.platformUrl}/__test/sports/pause`, { method: "POST" }).then((r) => r.arrayBuffer());
    const first = await fetch(url);
    const etag = first.headers.get("etag") ?? "";
    const { version } = (await first.json()) as { version: number };
    const snapshot = await load(url, () => ({}), 200);
    const delta = await load(`${url}?version=${version}`, () => ({}), 200);
    const notModified = await load(url, () => ({ "if-none-match": etag }), 304);
    const fmt = (r: { rps: number; p99: number }) => `${r.rps.toFixed(0)} req/s (p99 ${r.p99.toFixed(1)} ms)`;
    console.log(
      `sports feed on ${db}, ${CONNECTIONS} connections: live snapshot while the simulator ticks ${fmt(moving)}; ` +
        `unchanged snapshot ${fmt(snapshot)}; empty delta ${fmt(delta)}; 304 ${fmt(notModified)}`,
    );
  } finally {
    await stack.stop();
  }
}

for (const db of databases) await run(db);
