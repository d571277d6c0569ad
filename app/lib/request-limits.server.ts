import { env } from "~/env.server";

/**
 * Refusals made before the site calls any upstream (decisions 024): a request URL the block and
 * redirect APIs would refuse, and a Host header that is not ours.
 */

/** The block and redirect APIs take a path with its query of at most this many characters. */
export const MAX_PATH_AND_QUERY = 4096;

/** Hosts (host[:port], lower case) the site answers: PUBLIC_ORIGIN's and ALLOWED_HOSTS. Empty: any. */
export const allowedHosts: ReadonlySet<string> = new Set([
  ...(env.PUBLIC_ORIGIN ? [new URL(env.PUBLIC_ORIGIN).host.toLowerCase()] : []),
  ...(env.ALLOWED_HOSTS ?? []),
]);

/** Why this request is refused before any work, or null. */
export function requestRefusal(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.pathname.length + url.search.length > MAX_PATH_AND_QUERY) {
    return new Response("URI Too Long", { status: 414, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (allowedHosts.size > 0 && !allowedHosts.has(url.host.toLowerCase())) {
    return new Response("Unknown host", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return null;
}

/**
 * The origin of canonical and alternate links and absolute links we hand out: PUBLIC_ORIGIN,
 * else the request's origin, which `requestRefusal` has checked against ALLOWED_HOSTS when a
 * list is set (production requires one of the two, so the Host header never decides it there).
 */
export function publicOrigin(url: URL): string {
  return env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : url.origin;
}
