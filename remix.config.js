import { opsRouteTable, routeTable } from "./app/route-table.mjs";

// `npm run dev` builds into .data/dev-build, so its development build never replaces the
// production build in build/ that `npm start` and the tests serve.
const devBuild = process.env.REMIX_DEV_BUILD === "1";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes come from app/route-table.mjs, not from file names.
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  ...(devBuild ? { serverBuildPath: ".data/dev-build/index.js", assetsBuildDirectory: ".data/dev-build/assets" } : {}),
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-utils/],
  // Read by this project's patch of the compiler (decision 054): the routes loaded with every
  // page of the site, which each lazily imported module imports so the shell stays in one chunk.
  browserShellRoutes: ["root", "lng"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    // v3_routeConfig exists only for the Vite compiler; this project uses the classic one.
  },
  routes: (defineRoutes) =>
    defineRoutes((route) => {
      route("locales/:lng/:file", "routes/resources/locales.ts", { id: "locales" });
      route("ops", "routes/ops/layout.tsx", { id: "ops" }, () => {
        for (const entry of opsRouteTable) {
          if (entry.index) route(undefined, entry.file, { id: entry.id, index: true });
          else route(entry.path, entry.file, { id: entry.id });
        }
      });
      // Every page sits under a required language segment (decision 022: an optional `:lng?`
      // doubled every branch the router flattens and ranks on each match). A path without a
      // language lands under `:lng` too, and the site context redirects it; `/` alone has its
      // own route for that.
      route("", "routes/language-redirect.tsx", { id: "language-redirect", index: true });
      route(":lng", "routes/lng.tsx", { id: "lng" }, () => {
        for (const entry of routeTable) {
          if (entry.index) route(undefined, entry.file, { id: entry.id, index: true });
          else route(entry.path, entry.file, { id: entry.id });
        }
      });
    }),
};
