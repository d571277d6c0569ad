// Times systemReturn for the largest system a coupon allows, 10 of 20 (184,756 lines),
// and prints one line. Run: npx tsx bench/coupon.bench.ts (part of npm run bench).
// Target: well under 50 ms; the elementary-symmetric-sum method never lists the lines.

import { performance } from "node:perf_hooks";
import { systemReturn } from "../app/coupon/math.ts";

const RUNS = 200;
const WARM_UP_RUNS = 20;

// twenty realistic prices with two or three decimals
const coefs = [1.25, 1.4, 1.55, 1.7, 1.83, 1.91, 2.05, 2.2, 2.375, 2.5, 2.62, 2.75, 2.9, 3.1, 3.25, 1.33, 1.62, 1.95, 2.45, 3.4];
const input = { coefs, size: 10, stake: 1_000_000 };

let lines = 0;
for (let i = 0; i < WARM_UP_RUNS; i += 1) lines = systemReturn(input).lines;

const timings: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const start = performance.now();
  lines = systemReturn(input).lines;
  timings.push(performance.now() - start);
}
timings.sort((a, b) => a - b);
const middle = timings.length / 2;
const median = timings.length % 2 === 0 ? ((timings[middle - 1] ?? 0) + (timings[middle] ?? 0)) / 2 : (timings[Math.floor(middle)] ?? 0);

console.log(`systemReturn 10 of 20: median ${median.toFixed(3)} ms over ${RUNS} runs (lines ${lines})`);
