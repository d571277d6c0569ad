// The live simulator's speed: game-seconds simulated per wall second with (at least) 40 live games,
// through the real platform (engine, re-pricing, fenced database writes), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. Goal: at least 100× real time.
import { type DbKind, databases, startStack } from "../tests/support/stack";

async function post(base: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function run(db: DbKind) {
  const stack = await startStack({ db, site: false });
  try {
    const base = stack.platformUrl;
    await post(base, "/__test/sports/pause", {});
    const status = async () => (await (await fetch(`${base}/__test/sports/status`)).json()) as { live: number };
    const live = (await status()).live;

    // Fast-forward: one call advances 30 simulated minutes (cut into 5-minute steps).
    const forwardSeconds = 1800;
    let started = performance.now();
    await post(base, "/__test/sports/advance", { seconds: forwardSeconds });
    const forwardMs = performance.now() - started;

    // Real-time ticks: 120 one-second steps, as the timer makes them.
    const ticks = 120;
    started = performance.now();
    for (let i = 0; i < ticks; i++) await post(base, "/__test/sports/advance", { seconds: 1 });
    const tickMs = (performance.now() - started) / ticks;
    const liveAfter = (await status()).live;

    const factor = (gameSeconds: number, ms: number) => gameSeconds / (ms / 1000);
    console.log(
      `simulator on ${db}: ${live} live games; fast-forward ${forwardSeconds} s in ${forwardMs.toFixed(0)} ms = ` +
        `${factor(forwardSeconds, forwardMs).toFixed(0)}× real time per game (${factor(forwardSeconds * live, forwardMs).toFixed(0)} game-seconds/s over all games); ` +
        `1-second ticks ${tickMs.toFixed(1)} ms each = ${factor(1, tickMs).toFixed(0)}× real time (${factor(liveAfter, tickMs).toFixed(0)} game-seconds/s); goal ≥ 100×`,
    );
  } finally {
    await stack.stop();
  }
}

for (const db of databases) await run(db);
