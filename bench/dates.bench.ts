// The sports, bets and notifications tests at seven instants of the calendar (issue 31,
// scripts/instants.mjs): a weekday noon, a Sunday noon, a Saturday's kick-offs, the night, the
// last week of the moved football season, the day after it, New Year's Eve. Each instant runs the
// integration files and the browser specs that read the sports catalogue, with PLATFORM_NOW (and
// SPORTS_SHIFT_WEEKS) set, and the bench reports every failure. Builds the site first.
//
//   npm run bench -- dates                      every instant
//   npm run bench -- dates --instant night      one (or a comma-separated few)
//   npm run bench -- dates --only integration   only the integration files (or e2e)
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { INSTANTS } from "../scripts/instants.mjs";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const wanted = arg("instant")?.split(",");
const only = arg("only");
const instants = INSTANTS.filter((i) => !wanted || wanted.includes(i.name));
if (!instants.length) throw new Error(`no instant among ${INSTANTS.map((i) => i.name).join(", ")}`);

const integration = readdirSync("tests/integration")
  .filter((f) => f.endsWith(".test.ts") && /sports|bets|vip|notif/.test(f))
  .sort()
  .map((f) => `tests/integration/${f}`);
const e2e = ["sports", "bets", "notifications", "vip-bets", "one-click", "marble", "display"].map((f) => `tests/e2e/${f}.spec.ts`);

interface Outcome {
  passed: number;
  failed: string[];
  seconds: number;
}

function vitest(env: Record<string, string>, name: string): Outcome {
  const out = join(tmpdir(), `dates-${name}-vitest.json`);
  const started = Date.now();
  spawnSync("npx", ["vitest", "run", "--config", "vitest.integration.config.ts", "--reporter=dot", "--reporter=json", `--outputFile.json=${out}`, ...integration], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env },
  });
  const seconds = (Date.now() - started) / 1000;
  try {
    const report = JSON.parse(readFileSync(out, "utf8")) as { testResults: { name: string; message?: string; assertionResults: { status: string; fullName: string }[] }[] };
    rmSync(out, { force: true });
    const tests = report.testResults.flatMap((f) => f.assertionResults.map((a) => ({ ...a, file: f.name.replace(`${process.cwd()}/`, "") })));
    const failed = tests.filter((t) => t.status === "failed").map((t) => `${t.file}: ${t.fullName}`);
    // A file that failed before its tests ran (a stack that did not start) has no test to name.
    for (const f of report.testResults) if (f.assertionResults.length === 0 && f.message) failed.push(`${f.name.replace(`${process.cwd()}/`, "")}: ${f.message.split("\n")[0]}`);
    return { passed: tests.filter((t) => t.status === "passed").length, failed, seconds };
  } catch {
    return { passed: 0, failed: ["vitest wrote no report"], seconds };
  }
}

interface PwSuite {
  title: string;
  file?: string;
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { status: string }[] }[] }[];
  suites?: PwSuite[];
}

function playwright(env: Record<string, string>, name: string): Outcome {
  const out = join(tmpdir(), `dates-${name}-playwright.json`);
  const started = Date.now();
  spawnSync("npx", ["playwright", "test", "--reporter=dot,json", ...e2e], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  const seconds = (Date.now() - started) / 1000;
  try {
    const report = JSON.parse(readFileSync(out, "utf8")) as { suites: PwSuite[]; errors?: { message?: string }[] };
    rmSync(out, { force: true });
    let passed = 0;
    const failed: string[] = [];
    const walk = (suite: PwSuite, path: string[]) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests) {
          // "flaky" passed on its retry: a failure all the same, the retry hid it.
          if (test.status === "expected") passed++;
          else if (test.status !== "skipped") failed.push(`${spec.file}:${spec.line} ${[...path, spec.title].join(" › ")} (${test.status}: ${test.results.map((r) => r.status).join(", ")})`);
        }
      for (const child of suite.suites ?? []) walk(child, suite.file ? [...path] : [...path, suite.title]);
    };
    for (const suite of report.suites) walk(suite, []);
    for (const error of report.errors ?? []) failed.push(`run: ${(error.message ?? "").split("\n")[0]}`);
    return { passed, failed, seconds };
  } catch {
    return { passed: 0, failed: ["playwright wrote no report"], seconds };
  }
}

const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);

const rows: { instant: (typeof INSTANTS)[number]; integration?: Outcome; e2e?: Outcome }[] = [];
for (const instant of instants) {
  console.log(`\n== ${instant.name}: ${instant.about} (${Object.entries(instant.env).map(([k, v]) => `${k}=${v}`).join(" ")})`);
  const row: (typeof rows)[number] = { instant };
  if (only !== "e2e") row.integration = vitest(instant.env, instant.name);
  if (only !== "integration") row.e2e = playwright(instant.env, instant.name);
  rows.push(row);
}

const cell = (o?: Outcome) => (o ? `${o.passed} passed, ${o.failed.length} failed, ${Math.round(o.seconds)} s` : "not run");
console.log("\ndates: the sports, bets and notifications tests at each instant");
console.log(`${"instant".padEnd(18)} ${"PLATFORM_NOW".padEnd(21)} ${"integration".padEnd(32)} e2e`);
for (const r of rows) console.log(`${r.instant.name.padEnd(18)} ${r.instant.env.PLATFORM_NOW.padEnd(21)} ${cell(r.integration).padEnd(32)} ${cell(r.e2e)}`);
const failures = rows.flatMap((r) => [...(r.integration?.failed ?? []), ...(r.e2e?.failed ?? [])].map((f) => `${r.instant.name}: ${f}`));
if (failures.length) {
  console.log(`\n${failures.length} failures:`);
  for (const f of failures) console.log(`  ${f}`);
  process.exit(1);
}
console.log("\nno failure at any instant");
