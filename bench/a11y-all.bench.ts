// axe-core over every page type in ru, en and ar, each page type in all three (the e2e run in CI
// checks every other page type once, the three languages by turns; issue 11). Needs the build and
// Chromium.
import { spawnSync } from "node:child_process";

const started = Date.now();
const run = spawnSync("npx", ["playwright", "test", "tests/e2e/a11y.spec.ts"], { stdio: "inherit", env: { ...process.env, A11Y_ALL: "1" } });
console.log(`a11y-all: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(run.status ?? 1);
