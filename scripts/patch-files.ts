// The patch-package patches in patches/, read as data: which package and version each patches,
// its files and hunks, and a part of a patch made of chosen changes only. Shared by the patches
// bench (bench/patches.bench.ts: the site with one change taken out) and `npm run patches:check`
// (does each patch still apply to the newest release of its package).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export interface PatchLine {
  kind: " " | "+" | "-";
  text: string;
}

export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  /** What follows the second @@ (the enclosing function, as diff names it). */
  section: string;
  lines: PatchLine[];
}

export interface FilePatch {
  /** The path inside the project, `node_modules/<package>/…` (the `b/` side, prefix removed). */
  path: string;
  /** The path inside the package. */
  inPackage: string;
  hunks: Hunk[];
}

export interface PatchFile {
  /** The file name in patches/. */
  name: string;
  pkg: string;
  version: string;
  text: string;
  files: FilePatch[];
}

/** `@scope+name+1.2.3.patch` or `name+1.2.3.patch` (patch-package's names; sequenced patches `+001+what` too). */
export function packageOfPatchName(name: string): { pkg: string; version: string } {
  const parts = name.replace(/\.patch$/, "").split("+");
  const [pkg, version] = parts[0]!.startsWith("@") ? [`${parts[0]}/${parts[1]}`, parts[2]] : [parts[0]!, parts[1]];
  if (!version) throw new Error(`${name}: not a patch-package file name`);
  return { pkg, version };
}

/** The files and hunks of a unified diff as patch-package writes it (`diff --git a/… b/…`). */
export function parsePatch(text: string): FilePatch[] {
  const files: FilePatch[] = [];
  let file: FilePatch | undefined;
  let hunk: Hunk | undefined;
  let oldLeft = 0;
  let newLeft = 0;
  for (const line of text.split("\n")) {
    if (hunk && (oldLeft > 0 || newLeft > 0)) {
      const kind = line[0] === undefined ? " " : line[0];
      if (kind !== " " && kind !== "+" && kind !== "-") throw new Error(`unexpected line inside a hunk: ${line.slice(0, 80)}`);
      hunk.lines.push({ kind, text: line.slice(1) });
      if (kind !== "+") oldLeft--;
      if (kind !== "-") newLeft--;
      continue;
    }
    if (line.startsWith("\\")) continue; // "\ No newline at end of file": kept out of the lines
    const git = /^diff --git a\/(\S+) b\/(\S+)$/.exec(line);
    if (git) {
      const path = git[2]!;
      file = { path, inPackage: packageRelative(path), hunks: [] };
      files.push(file);
      hunk = undefined;
      continue;
    }
    const at = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/.exec(line);
    if (at) {
      if (!file) throw new Error("a hunk before any file header");
      hunk = {
        oldStart: Number(at[1]),
        oldCount: at[2] === undefined ? 1 : Number(at[2]),
        newStart: Number(at[3]),
        newCount: at[4] === undefined ? 1 : Number(at[4]),
        section: at[5] ?? "",
        lines: [],
      };
      oldLeft = hunk.oldCount;
      newLeft = hunk.newCount;
      file.hunks.push(hunk);
    }
  }
  return files;
}

/** `node_modules/@scope/name/dist/x.js` → `dist/x.js`. */
function packageRelative(path: string): string {
  const parts = path.split("/");
  if (parts[0] !== "node_modules") throw new Error(`${path}: not under node_modules/`);
  return parts.slice(parts[1]!.startsWith("@") ? 3 : 2).join("/");
}

export function readPatches(dir: string): PatchFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".patch"))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), "utf8");
      return { name, ...packageOfPatchName(name), text, files: parsePatch(text) };
    });
}

/**
 * The changes of a hunk, each a list of line indexes: a run of removed and added lines is one
 * change, except that a run of as many removed as added lines is one change per pair (the first
 * removed line with the first added line, …), since such a run is usually lines edited one by one
 * (an import list, a minified line each).
 */
export function changesOf(hunk: Hunk): number[][] {
  const out: number[][] = [];
  let i = 0;
  while (i < hunk.lines.length) {
    if (hunk.lines[i]!.kind === " ") {
      i++;
      continue;
    }
    const run: number[] = [];
    while (i < hunk.lines.length && hunk.lines[i]!.kind !== " ") run.push(i++);
    const removed = run.filter((j) => hunk.lines[j]!.kind === "-");
    const added = run.filter((j) => hunk.lines[j]!.kind === "+");
    if (removed.length > 0 && removed.length === added.length) removed.forEach((r, k) => out.push([r, added[k]!]));
    else out.push(run);
  }
  return out;
}

/** Which changes of a patch are chosen: in files whose package path matches, the changes with a line holding a marker. */
export interface ChangeSelector {
  /** The file inside the package (`dist/router.cjs.js`), or a pattern of such paths. */
  file: string | RegExp;
  /** A change is chosen when one of its lines contains one of these texts; no markers: every change of the file. */
  markers?: string[];
}

function fileMatches(selector: ChangeSelector, file: FilePatch): boolean {
  return typeof selector.file === "string" ? selector.file === file.inPackage : selector.file.test(file.inPackage);
}

/**
 * A patch of only the chosen changes, to be applied in reverse (`patch -R`) to the patched files:
 * the other added lines become context and the other removed lines are left out, so the hunks'
 * new sides are the patched files' text and reversing undoes the chosen changes alone. Throws when
 * a selector chooses nothing (the patch moved on and the selector no longer fits it).
 */
export function selectChanges(files: FilePatch[], selectors: ChangeSelector[]): string {
  const used = new Set<ChangeSelector>();
  const out: string[] = [];
  for (const file of files) {
    const forFile = selectors.filter((s) => fileMatches(s, file));
    if (forFile.length === 0) continue;
    const hunks: string[] = [];
    let shift = 0;
    for (const hunk of file.hunks) {
      const chosen = new Set<number>();
      for (const change of changesOf(hunk)) {
        for (const selector of forFile) {
          const markers = selector.markers;
          if (!markers || change.some((j) => markers.some((m) => hunk.lines[j]!.text.includes(m)))) {
            for (const j of change) chosen.add(j);
            used.add(selector);
          }
        }
      }
      if (chosen.size === 0) continue;
      let lines: PatchLine[] = [];
      hunk.lines.forEach((line, j) => {
        if (chosen.has(j) || line.kind === " ") lines.push(line);
        else if (line.kind === "+") lines.push({ kind: " ", text: line.text });
      });
      // As much context before as after (at most 3 lines): patch reads a hunk with less context
      // on one side as one that starts or ends its file, and then applies it only with fuzz.
      const lead = lines.findIndex((l) => l.kind !== " ");
      const trail = lines.length - 1 - lines.findLastIndex((l) => l.kind !== " ");
      const context = Math.min(lead, trail, 3);
      lines = lines.slice(lead - context, lines.length - (trail - context));
      const newStart = hunk.newStart + lead - context;
      const oldCount = lines.filter((l) => l.kind !== "+").length;
      const newCount = lines.filter((l) => l.kind !== "-").length;
      hunks.push(`@@ -${newStart - shift},${oldCount} +${newStart},${newCount} @@ ${hunk.section}`.trimEnd(), ...lines.map((l) => l.kind + l.text));
      shift += newCount - oldCount;
    }
    if (hunks.length) out.push(`diff --git a/${file.path} b/${file.path}`, `--- a/${file.path}`, `+++ b/${file.path}`, ...hunks);
  }
  const unused = selectors.filter((s) => !used.has(s));
  if (unused.length) throw new Error(`no change of the patch fits ${unused.map((s) => `${String(s.file)} [${(s.markers ?? []).join(", ")}]`).join("; ")}`);
  return out.join("\n") + "\n";
}
