// `npm run bench`: runs every bench/*.bench.ts in turn and prints what each measured.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { root } from "./processes.mjs";

// `npm run bench -- NAME [flags]`: only the benches whose file name holds NAME, with the flags.
const [only, ...flags] = process.argv.slice(2);
const files = readdirSync(join(root, "bench"))
  .filter((f) => f.endsWith(".bench.ts") && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ["--import", "tsx", join("bench", file), ...flags], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
