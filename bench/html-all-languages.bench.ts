// The W3C Nu HTML checker over every page type in all nine languages (npm run test:html checks
// ru, en and ar on every run; this sweep is the slower full one, issue 11). Needs the build and Java.
import { spawnSync } from "node:child_process";

const started = Date.now();
const run = spawnSync(process.execPath, ["--import", "tsx", "tests/html/validate.ts", "--all"], { stdio: "inherit" });
console.log(`html-all-languages: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(run.status ?? 1);
