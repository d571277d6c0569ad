import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nFor } from "./i18n/dictionaries.server";
import { asI18next } from "./i18n/instance";
import { installHandoffSplices } from "./lib/handoff-splices.server";
import { HtmlStreamFixer } from "./lib/html-stream.server";
import { NonceContext } from "./lib/nonce";
import { renderClock, serverTimingHeader } from "./lib/server-timing.server";
import { applyDocumentHeaders, applySecurityHeaders, newNonce } from "./lib/security-headers.server";
import { languageWithoutConfig } from "./loaders/site.server";

installHandoffSplices();

/**
 * How the patched Remix runtime words its refusal of a foreign Origin (decision 010): a 403
 * with a translated sentence instead of an empty 500.
 */
export { originRefusal } from "./forms/action.server";

/** Remix's own error logging, less the refused origins (originRefusal logs those as warnings). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.name === "OriginRefusedError") return;
  const route = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(route ?? error);
};

// Streaming stops after this long; bots wait for the whole page up to the same bound.
export const streamTimeout = 5_000;

/** Data requests (client navigations, fetchers) get the same headers as documents, minus CSP. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  applySecurityHeaders(response.headers, request);
  const timing = serverTimingHeader(context, performance.now());
  if (timing) response.headers.set("Server-Timing", timing);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const loadersDone = performance.now();
  const rootData = remixContext.staticHandlerContext.loaderData.root as { lng?: string } | undefined;
  const lng = rootData?.lng ?? languageWithoutConfig(request);

  // The language's one shared instance (every dictionary is in memory on the server).
  const i18n = asI18next(i18nFor(lng));

  // Bots get the complete page at once; people get the shell as soon as it is ready.
  const bot = isbot(request.headers.get("user-agent"));
  const nonce = newNonce();
  applyDocumentHeaders(responseHeaders, request, nonce);

  const renderTook = renderClock(request);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // One answer per request: a bot's onAllReady also comes after a shell error.
    let settled = false;
    const respond = () => {
      if (settled) return;
      settled = true;
      // Keeps </body></html> for the very end (and drops NUL bytes, should React write any).
      const body = new HtmlStreamFixer();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("Server-Timing", serverTimingHeader(loadContext, loadersDone, renderTook()));
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          if (!bot) respond();
        },
        onAllReady() {
          // A finished render has nothing left to abort: a pending timer would hold the request's
          // memory for seconds and keep a stopping server alive.
          clearTimeout(abortTimer);
          if (bot) respond();
        },
        onShellError(error: unknown) {
          if (settled) return;
          settled = true;
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are handled by onShellError; later ones are logged.
          if (shellRendered) console.error(error);
        },
      },
    );
    // React calls back from a later turn (it schedules its work), so the timer exists by then.
    const abortTimer = setTimeout(() => {
      abort();
      // React 18 calls neither onShellError nor onAllReady for a shell aborted unfinished (a
      // finished shell gets its onAllReady, with the parts left to the browser).
      if (!settled && !shellRendered) {
        settled = true;
        reject(new Error("The page did not render in time"));
      }
    }, streamTimeout + 1_000);
  });
}
