// The bare Remix 2.17.5 app of the peer bench: the site's compiler, React and future flags
// (keep `future` equal to the site's remix.config.js), one page and nothing else.

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
