import { AsyncLocalStorage } from "node:async_hooks";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { env } from "~/env.server";
import type { Caller } from "./auth.server";

/**
 * Who the visitor is, for the platform's per-visitor rate limits (decision 012). `remix-serve`
 * hands loaders a Fetch `Request` with no socket address, so the site listens to Node's
 * `http.server.request.start` diagnostics channel, which Node publishes synchronously just before
 * it emits the request to remix-serve's handler, and enters this store there: everything the
 * handler runs for that request (guards, loaders, actions, upstream calls) sees its visitor.
 */
export interface VisitorContext {
  socketAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

const VISITOR = Symbol.for("arena-bet.visitor");
const registry = globalThis as unknown as Record<symbol, AsyncLocalStorage<VisitorContext> | undefined>;
const visitors: AsyncLocalStorage<VisitorContext> = (registry[VISITOR] ??= new AsyncLocalStorage<VisitorContext>());

/** Subscribed once per process, even when a development rebuild re-imports this module. */
const SUBSCRIBED = Symbol.for("arena-bet.visitor.subscribed");
const flags = globalThis as unknown as Record<symbol, boolean | undefined>;
if (!flags[SUBSCRIBED]) {
  flags[SUBSCRIBED] = true;
  subscribe("http.server.request.start", (message) => {
    const { request } = message as { request: IncomingMessage };
    visitors.enterWith({ socketAddress: request.socket.remoteAddress, headers: request.headers });
  });
}

/** An address as the platform keys it: IPv4-mapped IPv6 written as IPv4; null when not an address. */
function asAddress(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  return isIP(value) ? value : null;
}

/**
 * The visitor's address: the socket's, unless a trusted proxy header is configured. Then only
 * the header's last hop counts: that is the one our own proxy appended; the hops before it are
 * whatever the client sent (X-Forwarded-For "evil, real"). A missing or unreadable header falls
 * back to the socket, which no client can forge.
 */
export function resolveClientAddress(socketAddress: string | undefined, trustedHeaderValue: string | string[] | undefined): string | null {
  const values = Array.isArray(trustedHeaderValue) ? trustedHeaderValue : trustedHeaderValue === undefined ? [] : [trustedHeaderValue];
  const hops = values
    .join(",")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return asAddress(hops.at(-1)) ?? asAddress(socketAddress);
}

/** The current request's visitor address, or null outside a request of the site server. */
export function visitorAddress(trustedHeader = env.TRUSTED_CLIENT_IP_HEADER): string | null {
  const visitor = visitors.getStore();
  if (!visitor) return null;
  return resolveClientAddress(visitor.socketAddress, trustedHeader ? visitor.headers[trustedHeader] : undefined);
}

/** Header of every upstream call that carries the visitor's address (the platform's x-client-ip). */
export function visitorHeaders(): Record<string, string> {
  const address = visitorAddress();
  return address ? { "x-client-ip": address } : {};
}

/** Runs `fn` as if inside a request from this visitor (tests; the site server does it for real). */
export function runAsVisitor<T>(visitor: VisitorContext, fn: () => T): T {
  return visitors.run(visitor, fn);
}

/**
 * The visitor's address for the platform's rate limits (decision 012): the socket's, or the last
 * hop of the header our own proxy sets (TRUSTED_CLIENT_IP_HEADER); never what a client claims.
 */
export function clientIp(request: Request): string | null {
  const header = env.TRUSTED_CLIENT_IP_HEADER;
  return visitorAddress() ?? (header ? resolveClientAddress(undefined, request.headers.get(header) ?? undefined) : null);
}

export function callerOf(request: Request, captchaToken?: string | null): Caller {
  return { clientIp: clientIp(request), captchaToken };
}
