import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/env.server";

/**
 * The `Server-Timing` header of every page and data request (issue 12), so anyone can see in the
 * browser's network panel where a request's time goes: `guards` (the guard chain, upstream calls
 * included), `loader` (from the first loader's start until every loader is done) and `render`
 * (React, until the first byte is sent). Kept per request in a WeakMap keyed by Remix's load
 * context, like the per-request memo; wall-clock milliseconds.
 */
interface Timing {
  start: number;
  guards: number;
}

const timings = new WeakMap<AppLoadContext, Timing>();

/** Marks the start of the loaders; the first call of a request counts. */
export function loadersStarted(context: AppLoadContext): void {
  if (!timings.has(context)) timings.set(context, { start: performance.now(), guards: 0 });
}

/** The guard chain's time; a page whose several loaders guard counts the longest. */
export function guardsTook(context: AppLoadContext, ms: number): void {
  const timing = timings.get(context);
  if (timing && ms > timing.guards) timing.guards = ms;
}

const dur = (name: string, ms: number) => `${name};dur=${ms.toFixed(1)}`;

const fallbacks = new WeakMap<AppLoadContext, Map<string, string>>();

/**
 * A fallback the request took instead of an upstream's answer (decisions 020 and 021), named in
 * `Server-Timing` after the times as `name;desc="why"`: which path a page took, for whoever
 * wonders why it shows a guest or a maintenance page (and for the slow-upstream tests).
 * `redirects`, `block`, `session` and `balance` say `deadline` (given up at the page's guard
 * deadline) or `failed`; `config` says `stale` (a copy past its cache time, served while the
 * refresh runs or fails).
 */
export function tookFallback(context: AppLoadContext, name: string, why: "deadline" | "failed" | "stale"): void {
  let taken = fallbacks.get(context);
  if (!taken) fallbacks.set(context, (taken = new Map()));
  taken.set(name, why);
}

/** The render's wall time and the CPU time the process spent meanwhile (its own, when alone). */
export interface RenderTiming {
  ms: number;
  cpuMs?: number;
}

const cpuAllowed = env.SERVER_TIMING_CPU === "1";

/**
 * Starts timing a render; the function it returns gives the timing so far. The CPU time is
 * measured when SERVER_TIMING_CPU=1 and the request asks for it (`X-Server-Timing-Cpu: 1`, as
 * the peer bench's requests made one at a time do): two `process.cpuUsage` calls were 2 % of
 * the site's time under load, which the figures measured under load should not carry.
 */
export function renderClock(request: Request): () => RenderTiming {
  const wall = performance.now();
  const cpu = cpuAllowed && request.headers.get("x-server-timing-cpu") === "1" ? process.cpuUsage() : undefined;
  return () => {
    const used = cpu ? process.cpuUsage(cpu) : undefined;
    return { ms: performance.now() - wall, cpuMs: used ? (used.user + used.system) / 1000 : undefined };
  };
}

/**
 * The header value once the loaders are done (`loadersDone` is when), plus the render if given.
 * `render-cpu` (with SERVER_TIMING_CPU=1) is the process's CPU time during the render: the
 * render's own cost when the request is alone (the peer bench measures it that way).
 */
export function serverTimingHeader(context: AppLoadContext | undefined, loadersDone: number, render?: RenderTiming): string {
  const timing = context ? timings.get(context) : undefined;
  const parts: string[] = [];
  if (timing) parts.push(dur("guards", timing.guards), dur("loader", loadersDone - timing.start));
  if (render) parts.push(dur("render", render.ms));
  if (render?.cpuMs !== undefined) parts.push(dur("render-cpu", render.cpuMs));
  for (const [name, why] of (context && fallbacks.get(context)) ?? []) parts.push(`${name};desc="${why}"`);
  return parts.join(", ");
}
