// First-load JavaScript of a page: the client entry, its imports and the modules (with their
// imports) of the routes the page matches, raw and gzip-compressed, read from a build's manifest.
import { existsSync, readFileSync } from "node:fs";
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

export async function firstLoadJs(appDir: string, routeIds: string[]): Promise<FirstLoad> {
  const buildFile = join(appDir, "build/index.js");
  if (!existsSync(buildFile)) throw new Error(`${buildFile} is missing: build first`);
  const build = (await import(buildFile)) as {
    assets: {
      entry: { module: string; imports: string[] };
      routes: Record<string, { module: string; imports?: string[] }>;
    };
  };
  const files = new Set<string>([build.assets.entry.module, ...build.assets.entry.imports]);
  for (const id of routeIds) {
    const route = build.assets.routes[id];
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
