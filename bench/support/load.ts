// A small load generator on undici (keep-alive pool, one request per connection at a time) and
// the CPU time of a process read from /proc, for benches that compare pages under equal load.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { Pool } from "undici";
import type { DbKind } from "../../tests/support/stack";
import { describeDifferences, reconcileThroughPlatform } from "../../tests/support/ledger-reconciliation.ts";

/** Linux reports process times in clock ticks of 1/100 s (`getconf CLK_TCK`). */
const TICK_MS = 10;

/** User plus system CPU time of a process so far, in ms (Linux /proc). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU of the measured process per answered request, in ms. */
  cpuPerRequest: number;
  /** Answers whose status was not the expected one. */
  wrongStatus: number;
}

export interface LoadTarget {
  origin: string;
  path: string;
  headers?: Record<string, string>;
  expectStatus?: number;
  /** The process whose CPU is counted. */
  pid: number;
}

/** `connections` clients each sending one request after another for `durationMs`. */
export async function runLoad(target: LoadTarget, { connections = 50, durationMs = 4000 } = {}): Promise<LoadResult> {
  const pool = new Pool(target.origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const expect = target.expectStatus ?? 200;
  const latencies: number[] = [];
  let wrongStatus = 0;
  try {
    // Open the connections before the clock starts, so connecting is not measured.
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const res = await pool.request({ path: target.path, method: "GET", headers: target.headers });
        await res.body.arrayBuffer();
      }),
    );
    const cpuBefore = processCpuMs(target.pid);
    const started = performance.now();
    const deadline = started + durationMs;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          const res = await pool.request({ path: target.path, method: "GET", headers: target.headers });
          await res.body.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.statusCode !== expect) wrongStatus++;
        }
      }),
    );
    const elapsed = performance.now() - started;
    const cpu = processCpuMs(target.pid) - cpuBefore;
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
    return {
      requests: latencies.length,
      rps: latencies.length / (elapsed / 1000),
      p50: at(0.5),
      p99: at(0.99),
      cpuPerRequest: cpu / Math.max(1, latencies.length),
      wrongStatus,
    };
  } finally {
    await pool.close();
  }
}

/** Server-Timing of one answer as name → duration in ms. */
export function serverTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().split(";");
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith("dur="));
    if (name && dur) out[name] = Number(dur.slice(4));
  }
  return out;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * A closed loop: every worker calls `step` one call after another until `durationMs` has passed,
 * all workers at once. `n` counts the calls across workers (for outcome choice and unique keys).
 * Answers the seconds taken and the machine's one-minute load before and after, as printed.
 */
export async function closedLoop<W>(
  workers: readonly W[],
  durationMs: number,
  step: (worker: W, n: number) => Promise<void>,
  watch: Record<string, number> = {},
): Promise<{ seconds: number; load: string; cpu: CpuSplit }> {
  let n = 0;
  const loadBefore = loadavg()[0]!;
  const cpuBefore = cpuSplit(watch);
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    workers.map(async (worker) => {
      while (performance.now() < deadline) await step(worker, n++);
    }),
  );
  const cpuAfter = cpuSplit(watch);
  const cpu = Object.fromEntries(Object.entries(cpuAfter).map(([name, ms]) => [name, ms - (cpuBefore[name] ?? 0)]));
  return { seconds: (performance.now() - started) / 1000, load: `${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`, cpu };
}

/** CPU ms by process name, "bench" (this process) and "machine" (every process, from /proc/stat). */
export type CpuSplit = Record<string, number>;

function machineCpuMs(): number {
  // "cpu  user nice system idle iowait irq softirq steal …": busy is all but idle and iowait.
  const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS;
}

function cpuSplit(watch: Record<string, number>): CpuSplit {
  const own = process.cpuUsage();
  return { ...Object.fromEntries(Object.entries(watch).map(([name, pid]) => [name, processCpuMs(pid)])), bench: (own.user + own.system) / 1000, machine: machineCpuMs() };
}

/** "platform 5.1 + bench 2.0 + the rest (database) 4.2 = 11.3 ms CPU per bet": where a run's CPU went. */
export function cpuPerOperation(cpu: CpuSplit, operations: number, unit: string, restName = "the rest"): string {
  const per = (ms: number) => (ms / Math.max(1, operations)).toFixed(1);
  const named = Object.entries(cpu).filter(([name]) => name !== "machine");
  const rest = cpu.machine! - named.reduce((sum, [, ms]) => sum + ms, 0);
  return `${[...named.map(([name, ms]) => `${name} ${per(ms)}`), `${restName} ${per(rest)}`].join(" + ")} = ${per(cpu.machine!)} ms CPU per ${unit}`;
}

/** Ledger faults after a run: negative balances, mismatched balances and currencies not summing to zero. */
/**
 * The rules of the independent ledger reconciliation (tests/support/ledger-reconciliation.ts) the
 * books break after a bench's load, 0 when they agree; the differences are printed.
 */
export async function ledgerFaults(platformUrl: string): Promise<number> {
  const differences = await reconcileThroughPlatform(platformUrl);
  if (differences.length) console.log(`  the ledger does not reconcile:\n${describeDifferences(differences)}`);
  return differences.length;
}

/**
 * The databases a bench runs on: PGlite, and PostgreSQL when TEST_DATABASE_URL is set;
 * BENCH_DB=pglite or BENCH_DB=postgres keeps one of them.
 */
export function benchDatabases(): DbKind[] {
  const all: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  const only = process.env.BENCH_DB;
  return only ? all.filter((db) => db === only) : all;
}
