// First-load JavaScript of the home page: the entry, its imports and the modules of the
// routes a home visit matches (root, the language layout, home), raw and gzip-compressed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const buildFile = join(process.cwd(), "build/index.js");
if (!existsSync(buildFile)) {
  console.error("first-load-js: run `npm run build` first");
  process.exit(1);
}
const build = (await import(buildFile)) as {
  assets: {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
};
const files = new Set<string>([build.assets.entry.module, ...build.assets.entry.imports]);
for (const id of ["root", "lng", "home"]) {
  const route = build.assets.routes[id];
  if (!route) throw new Error(`route ${id} missing from the manifest`);
  files.add(route.module);
  for (const f of route.imports ?? []) files.add(f);
}
let raw = 0;
let gz = 0;
for (const url of files) {
  const content = readFileSync(join(process.cwd(), "public", url));
  raw += content.length;
  gz += gzipSync(content, { level: 9 }).length;
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`first-load JS of the home page: ${kb(raw)} raw, ${kb(gz)} gzip, in ${files.size} files`);
