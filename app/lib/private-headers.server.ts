import type { HeadersFunction } from "@remix-run/node";

/**
 * The `headers` of pages with credentials or one-time links in them: the loader's or action's
 * Cache-Control and Referrer-Policy win, so such a page is not cached nor leaks its URL onwards.
 */
export const privatePageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const out = new Headers(parentHeaders);
  for (const name of ["Cache-Control", "Referrer-Policy"]) {
    const value = actionHeaders.get(name) ?? loaderHeaders.get(name);
    if (value) out.set(name, value);
  }
  return out;
};
