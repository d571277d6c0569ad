// `npm run patches:check`: an upgrade rehearsal for the patches in patches/ (docs/PATCHES.md).
// For each patched package it asks the npm registry for the newest published release of the
// major we use (react-dom 18.x, react-router-dom 6.x, @remix-run/router 1.x, turbo-stream 2.x,
// @remix-run/* 2.x), fetches it and our own version with `npm pack` into a temporary folder, and
// tries our patch on each: with GNU patch (`patch --dry-run`: clean, at an offset, only with fuzz,
// or which hunks fail) and with patch-package's own rules, which `npm ci` applies (exact lines,
// at most 20 lines away). Needs the npm registry; writes nothing outside the temporary folder.
// Exits 1 when a patch would stop `npm ci` on the newest release.
//
//   npm run patches:check                  every patched package
//   npm run patches:check -- react-dom     only packages whose name holds one of the words
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type PatchFile, readPatches } from "./patch-files.ts";

const require = createRequire(import.meta.url);
// patch-package's parser and applier, as its postinstall uses them (no public API: its dist files).
const { parsePatchFile } = require("patch-package/dist/patch/parse.js") as { parsePatchFile(text: string): unknown[] };
const { executeEffects } = require("patch-package/dist/patch/apply.js") as {
  executeEffects(effects: unknown[], options: { dryRun: boolean; bestEffort: boolean; errors: string[]; cwd: string }): void;
};

const root = join(import.meta.dirname, "..");
const words = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const patches = readPatches(join(root, "patches")).filter((p) => words.length === 0 || words.some((w) => p.pkg.includes(w)));

function npm(args: string[], cwd = root): string {
  const run = spawnSync("npm", args, { cwd, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`npm ${args.join(" ")}: ${run.stderr.trim()}`);
  return run.stdout;
}

const parse = (v: string) => v.split(".").map(Number) as [number, number, number];
function newer(a: string, b: string): number {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The newest stable release of our major, and the registry's `latest` tag (which may be another major). */
function releases(pkg: string, ours: string): { newest: string; latest: string } {
  const all = JSON.parse(npm(["view", pkg, "versions", "--json"])) as string[];
  const major = parse(ours)[0];
  const stable = all.filter((v) => /^\d+\.\d+\.\d+$/.test(v) && parse(v)[0] === major).sort(newer);
  const latest = npm(["view", pkg, "dist-tags.latest"]).trim();
  return { newest: stable.at(-1) ?? ours, latest };
}

interface Trial {
  /** GNU patch's verdict: "clean", "offset", "fuzz" or "fails", with the hunks that needed fuzz or failed. */
  gnu: string;
  /** patch-package's verdict (what `npm ci` would do): "applies" or the hunks it cannot apply. */
  patchPackage: string;
}

/** Our patch tried on one published version of its package, unpacked as node_modules/<pkg> in a temporary folder. */
function tryOn(patch: PatchFile, version: string, work: string): Trial {
  const dir = join(work, `${patch.pkg.replace("/", "+")}@${version}`);
  mkdirSync(dir, { recursive: true });
  const packed = JSON.parse(npm(["pack", `${patch.pkg}@${version}`, "--json", "--pack-destination", dir], dir)) as { filename: string }[];
  const tar = spawnSync("tar", ["xzf", join(dir, packed[0]!.filename), "-C", dir], { encoding: "utf8" });
  if (tar.status !== 0) throw new Error(`tar: ${tar.stderr}`);
  mkdirSync(join(dir, "node_modules", patch.pkg, ".."), { recursive: true });
  renameSync(join(dir, "package"), join(dir, "node_modules", patch.pkg));
  const file = join(root, "patches", patch.name);

  // The patch's paths are a/node_modules/<pkg>/…, so -p1 from the folder holding node_modules.
  const run = spawnSync("patch", ["--dry-run", "--batch", "-p1", "-d", dir, "-i", file], { encoding: "utf8" });
  const out = `${run.stdout}${run.stderr}`;
  const notes: string[] = [];
  let current = "";
  let worst = "clean";
  const rank = ["clean", "offset", "fuzz", "fails"];
  const worse = (v: string) => (worst = rank.indexOf(v) > rank.indexOf(worst) ? v : worst);
  for (const line of out.split("\n")) {
    const checking = /^checking file (.+)$/.exec(line);
    if (checking) current = checking[1]!.replace(`node_modules/${patch.pkg}/`, "");
    const hunk = /^Hunk #(\d+) (succeeded|FAILED) at \d+(?: with fuzz (\d+))?(?: \(offset (-?\d+) lines?\))?/.exec(line);
    if (hunk) {
      if (hunk[2] === "FAILED") {
        worse("fails");
        notes.push(`${current} hunk ${hunk[1]} fails`);
      } else if (hunk[3]) {
        worse("fuzz");
        notes.push(`${current} hunk ${hunk[1]} fuzz ${hunk[3]}`);
      } else if (hunk[4]) {
        worse("offset");
        notes.push(`${current} hunk ${hunk[1]} ${Number(hunk[4]) > 0 ? "+" : ""}${hunk[4]} lines`);
      }
    }
    if (/can't find file to patch/.test(line)) {
      worse("fails");
      notes.push(`${current || "a file"} is missing`);
    }
  }
  if (run.status !== 0 && worst !== "fails") {
    worse("fails");
    notes.push(out.trim().split("\n").at(-1) ?? "patch failed");
  }

  const errors: string[] = [];
  try {
    executeEffects(parsePatchFile(readFileSync(file, "utf8")), { dryRun: true, bestEffort: true, errors, cwd: dir });
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  const failed = errors.map((e) => /Cannot apply hunk (\d+) for file (\S+)/.exec(e)).map((m, i) => (m ? `${m[2]!.replace(/^.*node_modules\/(@[^/]+\/)?[^/]+\//, "")} hunk ${Number(m[1]) + 1}` : errors[i]!.split("\n")[0]!));
  return {
    gnu: notes.length ? `${worst}: ${notes.join("; ")}` : worst,
    patchPackage: failed.length ? `fails: ${failed.join("; ")}` : "applies",
  };
}

const work = mkdtempSync(join(tmpdir(), "patches-check-"));
const rows: string[][] = [];
let broken = 0;
try {
  for (const patch of patches) {
    const { newest, latest } = releases(patch.pkg, patch.version);
    const ours = tryOn(patch, patch.version, work);
    const next = newest === patch.version ? ours : tryOn(patch, newest, work);
    if (next.patchPackage !== "applies") broken++;
    rows.push([patch.pkg, patch.version, newest, next.gnu, next.patchPackage, latest === newest ? "" : latest, ours.patchPackage === "applies" ? "" : `our own version: ${ours.patchPackage}`]);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const head = ["package", "ours", "newest of our major", "patch --dry-run on it", "patch-package on it (npm ci)", "latest (another major)", ""];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
console.log(line(head.slice(0, -1)));
console.log(line(widths.slice(0, -1).map((w) => "-".repeat(w))));
for (const r of rows) {
  console.log(line(r.slice(0, -1)));
  if (r.at(-1)) console.log(`  ${r[0]}: ${r.at(-1)}`);
}
console.log(
  broken
    ? `${broken} of ${rows.length} patches would stop \`npm ci\` on the newest release of their major: redo them before upgrading (docs/PATCHES.md)`
    : `every patch applies to the newest release of its major`,
);
process.exitCode = broken ? 1 : 0;
