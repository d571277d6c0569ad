// First-load JavaScript of a page: the client entry, its imports and the modules (with their
// imports) of the routes the page matches, raw and gzip-compressed, read from a build's manifest.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface FirstLoad {
  raw: number;
  gzip: number;
  files: number;
  /** Files with no code of their own (an import list at most): each costs a request for nothing. */
  empty: number;
}

/** Below this many bytes gzip a chunk holds no code worth its own request (a bare import line). */
const EMPTY_CHUNK_GZIP_BYTES = 100;

/** The gzip size of a script file, and whether that makes it an empty chunk. */
export function chunkGzip(content: Buffer): { gzip: number; empty: boolean } {
  const gzip = gzipSync(content, { level: 9 }).length;
  return { gzip, empty: gzip < EMPTY_CHUNK_GZIP_BYTES };
}

/** The part of a build's manifest a first load is read from. */
export interface BrowserAssets {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
}

export async function firstLoadJs(appDir: string, routeIds: string[]): Promise<FirstLoad> {
  const buildFile = join(appDir, "build/index.js");
  if (!existsSync(buildFile)) throw new Error(`${buildFile} is missing: build first`);
  const build = (await import(buildFile)) as { assets: BrowserAssets };
  return firstLoadOf(appDir, build.assets, routeIds);
}

/**
 * The browser's copy of a build's manifest (public/build/manifest-*.js), read without running the
 * server build: the patches bench reads two builds, each made with its own packages.
 */
export function browserAssets(appDir: string): BrowserAssets {
  const dir = join(appDir, "public/build");
  const files = readdirSync(dir).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (files.length !== 1) throw new Error(`${dir}: expected one manifest, found ${files.length}`);
  const text = readFileSync(join(dir, files[0]!), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as BrowserAssets;
}

export function firstLoadOf(appDir: string, assets: BrowserAssets, routeIds: string[]): FirstLoad {
  const files = new Set<string>([assets.entry.module, ...assets.entry.imports]);
  for (const id of routeIds) {
    const route = assets.routes[id];
    if (!route) throw new Error(`route ${id} missing from the manifest of ${appDir}`);
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  const total: FirstLoad = { raw: 0, gzip: 0, files: files.size, empty: 0 };
  for (const url of files) {
    const content = readFileSync(join(appDir, "public", url));
    const { gzip, empty } = chunkGzip(content);
    total.raw += content.length;
    total.gzip += gzip;
    if (empty) total.empty++;
  }
  return total;
}

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
