import { spawnSync } from "node:child_process";

/** The process listening on a port (the site's remix-serve), for its CPU time. */
export function sitePidOf(port: number): number {
  const out = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" }).stdout;
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}`);
  return Number(pid);
}

/** A returning visitor's cookies: what the first visit set (language, CSRF token). */
export async function visitorCookies(origin: string, path: string): Promise<string> {
  const res = await fetch(origin + path, { redirect: "manual" });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}
