// A copy of this project in a temporary folder, built there, with some of our patches' changes
// taken out of its libraries: the patches bench serves such a copy beside a copy with every
// change, so one run compares the site with and without a change.
//
// The sources are copied (a few MB; esbuild resolves symbolic links to their targets, which would
// put the app outside the copy's app directory). node_modules is a tree of hard links to this
// checkout's installed files (instant, no space), except the packages a change is taken out of:
// those are real copies, changed with `patch -R` and a patch of the chosen changes only
// (selectChanges), so this checkout's node_modules is never written.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChangeSelector, readPatches, selectChanges } from "../../scripts/patch-files";

/** What is not copied: installed packages, git, builds, caches, test and run output. */
const LEFT_OUT = new Set(["node_modules", ".git", "build", ".data", ".cache", "test-results", "playwright-report", "reports", ".stryker-tmp"]);
const BUILD_OUTPUT = ["public/build", "bench/peer/build", "bench/peer/public/build", "bench/peer/.cache"];

export interface ProjectCopy {
  dir: string;
  /** The reversed patch text applied per package, for the report. */
  reverted: { pkg: string; patch: string }[];
  build(): void;
  remove(): void;
}

export function makeProjectCopy(root: string, name: string, takeOut: { pkg: string; selectors: ChangeSelector[] }[] = []): ProjectCopy {
  const dir = mkdtempSync(join(tmpdir(), `patches-bench-${name}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (const entry of readdirSync(root)) {
      if (!LEFT_OUT.has(entry)) cpSync(join(root, entry), join(dir, entry), { recursive: true, verbatimSymlinks: true });
    }
    for (const out of BUILD_OUTPUT) rmSync(join(dir, out), { recursive: true, force: true });
    run("cp", ["-al", join(root, "node_modules"), join(dir, "node_modules")], root);
    // Caches written during a build would be written through the links into this checkout.
    for (const cache of [".cache", ".vite"]) rmSync(join(dir, "node_modules", cache), { recursive: true, force: true });

    const patches = readPatches(join(root, "patches"));
    const reverted: ProjectCopy["reverted"] = [];
    for (const { pkg, selectors } of takeOut) {
      const patch = patches.find((p) => p.pkg === pkg);
      if (!patch) throw new Error(`no patch of ${pkg} in patches/`);
      const text = selectChanges(patch.files, selectors);
      const installed = join(dir, "node_modules", pkg);
      rmSync(installed, { recursive: true });
      run("cp", ["-a", join(root, "node_modules", pkg), installed], root);
      const file = join(dir, `.take-out-${pkg.replace("/", "+")}.patch`);
      writeFileSync(file, text);
      // --batch: never ask; a hunk that does not apply exactly fails the copy (no fuzz).
      run("patch", ["-R", "-p1", "--batch", "--fuzz=0", "--no-backup-if-mismatch", "-d", dir, "-i", file], dir);
      rmSync(file);
      reverted.push({ pkg, patch: text });
    }
    return {
      dir,
      reverted,
      build() {
        run(process.execPath, ["scripts/route-layouts.mjs"], dir);
        run(join(dir, "node_modules/.bin/remix"), ["build"], dir, { NODE_ENV: "production" });
      },
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} (in ${cwd}) failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}
